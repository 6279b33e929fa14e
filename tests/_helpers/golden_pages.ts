/**
 * Hand-checked figures the tool pages must show for the operations' example requests (the
 * in-process and browser tests share them). Sources: /work/shared/research/finance-nic-plate.md
 * (sections 1.2 and 4) and peers.md; the arithmetic is in the comments.
 */
export const GOLDEN_FIGURES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // 250,000 a month: 83,333.33 x 6% = 5,000 plus 16,666.67 x 18% = 3,000 -> 8,000.
  paye: { monthlyTax: "LKR 8,000.00", monthlyNet: "LKR 242,000.00" },
  // 18% of 10,000 = 1,800; total 11,800.
  vat: { vat: "LKR 1,800.00", total: "LKR 11,800.00" },
  // peers.md: 5,000,000 at 12.5% over 240 months -> EMI 56,807.03.
  loan: { emi: "LKR 56,807.03" },
  // peers.md: 1,000,000 at 10% for 12 months compounding monthly -> 1,104,713.07. Withholding
  // tax 10% (in force since 1 April 2025) of 104,713.07 = 10,471.307 -> 10,471.31; net
  // maturity 1,104,713.07 - 10,471.31 = 1,094,241.76.
  fd: {
    maturityGross: "LKR 1,104,713.07",
    whtAmount: "LKR 10,471.31",
    maturityNet: "LKR 1,094,241.76",
  },
  // Research 4: 10 perches = 10 x 25.29285264 = 252.9285264 m2 = 10 x 272.25 = 2,722.5 ft2.
  land: { squareMetres: "252.9285264", "values.sqft": "2,722.5" },
};
