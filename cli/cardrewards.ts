/**
 * The `cardrewards` command: compile the dataset (`build`, `validate`), read a built tree (`get`,
 * `diff`, `mcp`), and serve it (`serve`, `start`, `keys create|list|revoke|usage|export|import`).
 * Only the CLI reads the environment, touches the disk for users and sets the exit code.
 * Subcommands load their implementation when they run, so `--version` and `--help` stay fast.
 */
import { Command } from 'commander';
import { packageVersion } from '../tree/package-info.ts';
import { defineGatewayCommands } from './gateway-commands.ts';
import { defineGeneratorCommands } from './generator-commands.ts';

const program = new Command()
  .name('cardrewards')
  .description('Compile the credit card rewards dataset into static and precomputed JSON, and serve it.')
  .version(packageVersion(), '-V, --version', 'print the version')
  .showHelpAfterError()
  // Usage errors exit 2, apart from dataset problems (1); set before the subcommands so they inherit it.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

defineGeneratorCommands(program);
defineGatewayCommands(program);

await program.parseAsync(process.argv);
