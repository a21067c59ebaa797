/**
 * The computer-reply probe of `npm run bench -- online` in a process of its own, so that its
 * clock reads replies as they arrive rather than after the load generator's own event-loop lag:
 * `node online-probe.js BASE SECONDS` prints the reply times (ms) as a JSON array.
 */
import { probeComputerReplies } from "./online-load.js";

const [base, seconds] = process.argv.slice(2);
const replies = await probeComputerReplies(base, Number(seconds));
process.stdout.write(JSON.stringify(replies));
process.exit(0);
