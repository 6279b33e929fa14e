/**
 * News configuration: `NEWS_CATEGORIES`, a comma-separated list of categories (default
 * {@linkcode DEFAULT_NEWS_CATEGORIES}).
 *
 * @module
 */
import { DEFAULT_NEWS_CATEGORIES } from "../../core/ops/news.ts";

/**
 * Reads the news categories from the environment.
 *
 * @param env Environment variables.
 * @param problems Where a bad value is reported (one sentence).
 * @returns The categories, in the order given.
 */
export function loadNewsCategories(
  env: Record<string, string | undefined>,
  problems: string[],
): string[] {
  const raw = env.NEWS_CATEGORIES?.trim();
  if (!raw) return [...DEFAULT_NEWS_CATEGORIES];
  const names = raw.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const bad = names.find((name) => !/^[\p{L}\p{N}][\p{L}\p{N} &-]{0,39}$/u.test(name));
  const folded = new Set(names.map((name) => name.toLowerCase()));
  if (!names.length || bad !== undefined || folded.size !== names.length) {
    problems.push(
      `NEWS_CATEGORIES must be a comma-separated list of distinct names of 1 to 40 letters, digits, spaces, & or -: got ${
        JSON.stringify(env.NEWS_CATEGORIES)
      }`,
    );
  }
  return names;
}
