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
  // Research 3.2 worked example: 1,000,000 at 10% for 12 months at maturity -> interest
  // 100,000 (simple), AIT 10% = 10,000, net 90,000: maturity 1,100,000 gross, 1,090,000 net.
  fd: {
    maturityGross: "LKR 1,100,000.00",
    whtAmount: "LKR 10,000.00",
    maturityNet: "LKR 1,090,000.00",
  },
  // Research 4: 10 perches = 10 x 25.29285264 = 252.9285264 m2 = 10 x 272.25 = 2,722.5 ft2.
  land: { squareMetres: "252.9285264", "values.sqft": "2,722.5" },
};
