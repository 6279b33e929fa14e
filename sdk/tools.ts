/**
 * The catalogue of Lanka API tools (a subpath, so that the main entry does not ship it). Import
 * it as `@lanka/api/tools` (npm) or `jsr:@lanka/api/tools`.
 *
 * @module
 */
export { searchTools, TOOL_CATEGORIES, TOOL_SLUGS, tools } from "../core/ops/tools.ts";
