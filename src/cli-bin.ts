// The `tooltype` executable.
import { main } from "./cli.js";

declare const process: { argv: string[]; exitCode?: number };

process.exitCode = await main(process.argv.slice(2));
