import { ApiError } from "./errors.ts";

/**
 * The 400 for a value that is not one of a fixed list: names the parameter, quotes the value
 * (cut to 40 characters) and lists what is accepted.
 *
 * @param param The parameter at fault.
 * @param label What the value should be, for example `province`.
 * @param raw The value as given.
 * @param choices The accepted values, as people write them.
 * @returns The error, to throw.
 */
export function unknownChoice(
  param: string,
  label: string,
  raw: string,
  choices: readonly string[],
): ApiError {
  return ApiError.invalidParam(
    param,
    `Unknown ${label} ${JSON.stringify(raw.slice(0, 40))}: expected one of ${choices.join(", ")}`,
  );
}
