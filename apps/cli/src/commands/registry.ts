/**
 * Every `dpbounds` command, in the order `dpbounds --help` lists them. A command is added
 * here by the issue that owns it (CLI.md is the contract for names, flags and JSON fields).
 */
import type { CommandDefinition } from '../command.js';
import { calibrateCommand } from './calibrate.js';
import { dpCommand } from './dp.js';
import { attackCommand } from './attack.js';
import { auditCommand } from './audit.js';
import { bayesSecurityCommand } from './bayes-security.js';
import { convertCommand } from './convert.js';
import { gmipCommand } from './gmip.js';
import { perInstanceCommand } from './per-instance.js';
import { rtmCommand } from './rtm.js';
import { trainCommand } from './train.js';
import { demoCommand } from './demo.js';

/** The registered commands. */
export const commands: readonly CommandDefinition[] = [dpCommand, calibrateCommand, bayesSecurityCommand, convertCommand, gmipCommand, rtmCommand, attackCommand, auditCommand, perInstanceCommand, trainCommand, demoCommand];
