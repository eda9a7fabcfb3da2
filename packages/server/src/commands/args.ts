import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs with errors that name the command and point at its help. */
export function parseCommand<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message.replace(/\. To specify.*$/, '')}; run "docent help"`);
  }
}

/** A number between 0 and 1 from an option, or undefined when the option is absent. */
export function fraction(command: string, name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 1) {
    throw new UsageError(`${command}: --${name} must be a number from 0 to 1, such as 0.9; got "${value}"`);
  }
  return number;
}
