/**
 * Every operation definition of the registry, and the server-only ones (store, voice, accounts,
 * news) with their helpers: for servers, generators and tests rather than apps (a subpath, so
 * that the main entry does not ship them). Import it as `@lanka/api/operations` (npm) or
 * `jsr:@lanka/api/operations`.
 *
 * @module
 */
export { findOperation, operations } from "./core/registry.ts";
export { wht } from "./core/ops/wht.ts";
export { sscl } from "./core/ops/sscl.ts";
export { store, STORE_MAX_LIMIT, STORE_TOPICS, STORE_VENDORS } from "./core/ops/store.ts";
export {
  codePoints,
  INLINE_TAGS,
  MAX_VOICE_TEXT,
  voice,
  VOICE_LANGUAGES,
  VOICE_SAMPLE_RATES,
  VOICES,
  WRAPPING_TAGS,
} from "./core/ops/voice.ts";
export {
  accountOperations,
  createAccount,
  createKey,
  createSession,
  deleteSession,
  listKeys,
  revokeKey,
} from "./core/ops/accounts.ts";
export {
  createNewsDraft,
  DEFAULT_NEWS_CATEGORIES,
  foldForSearch,
  independentSources,
  news,
  NEWS_DEFAULT_LIMIT,
  NEWS_MAX_LIMIT,
  newsOperations,
  readingMinutes,
  sourceHost,
  submitNewsDraft,
  updateNewsDraft,
} from "./core/ops/news.ts";
