/**
 * `election-seats`: a district's seats at a parliamentary election under Article 99 of the
 * Constitution. A party or independent group polling less than one twentieth of the valid votes
 * is excluded; the party with the most votes takes the bonus seat; the votes of the parties left
 * (the "relevant number of votes") divided by the seats less one, raised to the next whole number,
 * is the "resulting number"; each party takes a seat for each whole resulting number in its
 * votes, and the seats still left go one each to the largest remainders. A tie the text read
 * does not decide (for the most votes, or at the last remainder seat) is a 501.
 *
 * Custom because the input is a list of parties' votes (the engine has no list input: the votes
 * are the repeated inputs `party1` to `party10`) and the answer is a seat count per party.
 *
 * @module
 */
import * as z from "zod/mini";
import { ApiError } from "../../errors.ts";
import { type FormulaKind, type KindStep, numberText, numberValue } from "../kinds/_kind.ts";

/** How many parties a request may give (`party1` … `party10`). */
export const PARTY_INPUTS = 10;

/** One party's part of the allocation. */
interface Party {
  party: number;
  votes: number;
  qualified: boolean;
  bonus: number;
  whole: number;
  remainder: number;
  remainderSeat: number;
  seats: number;
}

/** A tie the Article as read does not decide. */
function tie(what: string, parties: readonly Party[]): ApiError {
  const names = parties.map((p) => `party${p.party}`).join(", ");
  const message =
    `A tie ${what} (${names}): the allocation of Article 99 as read here does not say how a tie is broken`;
  return new ApiError(501, "not_available", message, {
    details: [{ param: `party${parties[0]!.party}`, message }],
    extra: { notAvailable: "election-seats tie", gap: "rule.election-seats.gap.tie" },
  });
}

/** The district's number of members: the input, else the Commission's order by district. */
function seatsOf(
  inputs: Readonly<Record<string, unknown>>,
  resolver: Parameters<
    FormulaKind["compute"]
  >[0]["resolver"],
): { seats: number; source: number | null } {
  if (inputs.seats !== undefined) return { seats: Number(inputs.seats), source: null };
  if (inputs.district === undefined) {
    throw ApiError.invalidParam(
      "district",
      "Give the electoral district (or the number of seats, seats=)",
    );
  }
  const found = resolver.value("members");
  const table = found.value as Record<string, unknown>;
  const seats = numberValue(table[String(inputs.district)], `members ${inputs.district}`);
  return { seats, source: found.source };
}

/** The rule's own formula. */
export const formula: FormulaKind = {
  fields: () => ({
    seats: z.int().check(z.describe("The members the district elects")),
    valid: z.int().check(z.describe("The valid votes polled in the district")),
    cutoff: z.number().check(z.describe(
      "One twentieth of the valid votes: a party with fewer votes is excluded",
    )),
    relevant: z.int().check(z.describe(
      "The relevant number of votes: the votes of the parties not excluded",
    )),
    resultingNumber: z.int().check(z.describe(
      "The relevant number of votes / (seats - 1), raised to the next whole number",
    )),
    parties: z.array(z.object({
      party: z.int().check(z.describe("The input the votes were given in: 1 for party1")),
      votes: z.int(),
      qualified: z.boolean().check(z.describe("One twentieth of the valid votes or more")),
      bonus: z.int().check(z.describe("1 for the party with the most votes")),
      whole: z.int().check(z.describe("Seats by whole resulting numbers")),
      remainder: z.int().check(z.describe("Votes left after those seats")),
      remainderSeat: z.int().check(z.describe("1 when a seat went to this remainder")),
      seats: z.int().check(z.describe("The party's seats")),
    })).check(z.describe("Each party given, in the order given")),
    seatsByParty: z.record(z.string(), z.int()).check(z.describe(
      "Each party's seats by its input's name: { party1: 5, party2: 1 }",
    )),
  }),
  compute({ inputs, resolver }) {
    const { seats, source } = seatsOf(inputs, resolver);
    const rule = resolver.value("cut-off");
    const oneIn = numberValue((rule.value as { oneIn?: unknown })?.oneIn, "cut-off oneIn");
    const valid = Number(inputs.valid);
    const parties: Party[] = [];
    for (let n = 1; n <= PARTY_INPUTS; n++) {
      const votes = inputs[`party${n}`];
      if (votes === undefined) continue;
      parties.push({
        party: n,
        votes: Number(votes),
        // "less than one-twentieth" excludes: 20 x votes >= valid qualifies, in whole numbers.
        qualified: oneIn * Number(votes) >= valid,
        bonus: 0,
        whole: 0,
        remainder: 0,
        remainderSeat: 0,
        seats: 0,
      });
    }
    if (parties.length === 0) {
      throw ApiError.invalidParam("party1", "Give the votes of each party, party1= to party10=");
    }
    const given = parties.reduce((sum, p) => sum + p.votes, 0);
    if (given > valid) {
      throw ApiError.invalidParam(
        "valid",
        `The valid votes must be at least the parties' votes added up (${given}): got ${valid}`,
      );
    }
    const qualified = parties.filter((p) => p.qualified);
    if (qualified.length === 0) {
      throw ApiError.invalidParam(
        "party1",
        "No party given polled one twentieth of the valid votes: give the parties that did",
      );
    }
    const top = Math.max(...qualified.map((p) => p.votes));
    const first = qualified.filter((p) => p.votes === top);
    if (first.length > 1) throw tie("for the most votes", first);
    const winner = first[0]!;
    winner.bonus = 1;

    const relevant = qualified.reduce((sum, p) => sum + p.votes, 0);
    const resultingNumber = Math.ceil(relevant / (seats - 1));
    let left = seats - 1;
    for (const p of qualified) {
      p.whole = Math.floor(p.votes / resultingNumber);
      p.remainder = p.votes - p.whole * resultingNumber;
      left -= p.whole;
    }
    const byRemainder = [...qualified].sort((a, b) => b.remainder - a.remainder);
    if (left > 0 && left < byRemainder.length) {
      const last = byRemainder[left - 1]!.remainder;
      const tied = byRemainder.filter((p) => p.remainder === last);
      if (byRemainder[left]!.remainder === last) throw tie("for the last remainder seat", tied);
    }
    // The whole resulting numbers add up to more than seats - 1 - parties: no more seats are
    // left than parties, one remainder seat each at most.
    for (const p of byRemainder.slice(0, left)) p.remainderSeat = 1;
    for (const p of parties) p.seats = p.bonus + p.whole + p.remainderSeat;

    const cutoff = Math.round((valid / oneIn) * 100) / 100;
    const vars = {
      seats: String(seats),
      valid: numberText(valid),
      cutoff: numberText(cutoff),
      relevant: numberText(relevant),
      divisor: String(seats - 1),
      resultingNumber: numberText(resultingNumber),
      winner: String(winner.party),
      winnerSeats: String(winner.seats),
      left: String(Math.max(left, 0)),
      allocation: parties.map((p) => `${p.party}: ${p.seats}`).join(", "),
    };
    const steps: KindStep[] = [
      {
        key: source === null ? "step.seats_given" : "step.seats",
        vars,
        amount: seats,
        source,
      },
      { key: "step.cutoff", vars, amount: cutoff, source: rule.source },
      ...parties.filter((p) => !p.qualified).map((p): KindStep => ({
        key: "step.excluded",
        vars: { ...vars, party: String(p.party), votes: numberText(p.votes) },
        amount: p.votes,
        source: null,
      })),
      { key: "step.relevant", vars, amount: relevant, source: null },
      { key: "step.bonus", vars, amount: 1, source: rule.source },
      { key: "step.resulting", vars, amount: resultingNumber, source: null },
      ...qualified.map((p): KindStep => ({
        key: "step.whole",
        vars: {
          ...vars,
          party: String(p.party),
          votes: numberText(p.votes),
          whole: String(p.whole),
          remainder: numberText(p.remainder),
        },
        amount: p.whole,
        source: null,
      })),
      {
        key: left > 0 ? "step.remainders" : "step.no_remainders",
        vars: {
          ...vars,
          parties: byRemainder.slice(0, left).map((p) => String(p.party)).join(", "),
        },
        amount: Math.max(left, 0),
        source: null,
      },
    ];
    return {
      fields: {
        seats,
        valid,
        cutoff,
        relevant,
        resultingNumber,
        parties,
        seatsByParty: Object.fromEntries(parties.map((p) => [`party${p.party}`, p.seats])),
      },
      steps,
      answer: { key: "answer", vars },
    };
  },
};
