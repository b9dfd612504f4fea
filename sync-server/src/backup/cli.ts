import { isAbsolute, resolve } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { BackupError } from './errors.ts';

/**
 * The configuration the server would read (DATA_DIR, DATABASE_URL), for the backup and restore commands.
 * loadConfig writes a new token secret into the data folder when JWT_SECRET is unset: a backup must not change
 * the folder it copies, and a restore must find it empty. Neither signs a token, so they pass a stand-in.
 */
export function toolConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, JWT_SECRET: env.JWT_SECRET || 'not-used-by-backup-or-restore' });
}

/**
 * The one FILE argument, relative to the folder the operator ran npm in (npm runs scripts from the project
 * root and passes the caller's folder as INIT_CWD); null when there is not exactly one.
 */
export function fileArgument(argv: string[] = process.argv.slice(2)): string | null {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  if (args.length !== 1 || args[0] === '' || args[0] === '--help' || args[0] === '-h') return null;
  const file = args[0]!;
  return isAbsolute(file) ? file : resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * Runs a command: its files private to the server's user (as npm start makes them), a refusal printed as its
 * message alone with exit code 1, anything unexpected with its stack and exit code 2.
 */
export async function runTool(
  label: string,
  usage: string,
  fn: (file: string) => Promise<unknown>,
): Promise<void> {
  process.umask(0o077);
  const file = fileArgument();
  if (!file) {
    console.error(usage);
    process.exitCode = 64;
    return;
  }
  try {
    await fn(file);
  } catch (e) {
    if (e instanceof BackupError) {
      console.error(`${label}: ${e.message}`);
      process.exitCode = 1;
    } else {
      console.error(`${label}:`, e);
      process.exitCode = 2;
    }
  }
}
