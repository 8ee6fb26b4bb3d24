/** The gateway's subcommands of `cardrewards` (serve, keys); filled in by the gateway work. */
import type { Command } from 'commander';

/** Adds the gateway's commands to the CLI program. */
export function registerGatewayCommands(program: Command): void {
  void program;
}
