/**
 * What `--state-file` names, the same for `serve`, `start` and every `keys` command: a database
 * file at that path, whatever its name ends with (LMDB's lock table beside it as `<file>-lock`).
 * A folder is refused, except one an earlier version made for a path without `.mdb` (it holds
 * `data.mdb`): that folder is opened as it is, by every command alike.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayError } from '../errors.ts';

export interface StateLayout {
  /** True for a database file at the path; false for an earlier version's database folder. */
  readonly isFile: boolean;
}

/** How to open the state database at `file`, or ERR_STATE_FILE for a path that cannot hold one. */
export function stateLayout(file: string): StateLayout {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (stat === undefined || stat.isFile()) return { isFile: true };
  if (stat.isDirectory() && existsSync(join(file, 'data.mdb'))) return { isFile: false };
  throw new GatewayError(
    'ERR_STATE_FILE',
    `the state file ${file} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}; give the path of a file (it is created when missing), e.g. ${join(file, 'state.mdb')}`,
  );
}
