/**
 * The posts a fresh install starts with (`data/news_seed.json`): real, sourced writeups loaded
 * once into an empty KV, marked `seed: true` and approved by the seed process, not a person.
 *
 * @module
 */
import seed from "../../data/news_seed.json" with { type: "json" };
import type { SeedData } from "./store.ts";

/** The seed posts. */
export const NEWS_SEED: SeedData = seed;
