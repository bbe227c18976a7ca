// The hang detector every runtime runs under. A runtime is killed when it has printed nothing for TEST_TIMEOUT
// seconds (default 300), never for its total time: a busy machine slows a run down but a live run keeps printing
// (uvu writes a mark per test). The allowance also grows with the machine's load, so a silent but working step
// (a tsc pass, a bundler) is not killed because nine other processes share the cores.
import { availableParallelism, cpus, loadavg } from "node:os";

/** Seconds of silence allowed before a runtime counts as hung (TEST_TIMEOUT). @example silenceSeconds() // 300 */
export const silenceSeconds = () => Math.max(1, Number(process.env.TEST_TIMEOUT) || 300);

/** How many times busier than its cores the machine is (1 when idle or unknown). @example loadFactor() // 1 */
export function loadFactor() {
  const cores = (typeof availableParallelism === "function" ? availableParallelism() : cpus().length) || 1;
  const load = loadavg()[0] || 0; // 0 on Windows: no stretch there
  return Math.max(1, load / cores);
}

/** The message for a runtime killed by the watchdog: what happened and which knob changes it. */
export const silenceMessage = (ms, factor) =>
  `printed nothing for ${Math.round(ms / 1000)}s (machine load ${factor.toFixed(1)}x its cores); killed as hung. ` +
  "If it is only slow, allow more silence: TEST_TIMEOUT=<seconds> (now " +
  `${silenceSeconds()}s per runtime, stretched by the load)`;

/**
 * Calls `onHang(message)` once the runtime has been silent for `silenceMs` times the machine's load factor.
 * `poke()` on every chunk of output; `stop()` when it ends.
 * @example const dog = watchdog(300_000, (m) => { problems.push(m); kill(); }); child.stdout.on("data", dog.poke);
 */
export function watchdog(silenceMs, onHang) {
  let last = Date.now();
  let timer;
  const check = () => {
    const quiet = Date.now() - last;
    const factor = loadFactor();
    const allowed = silenceMs * factor;
    if (quiet >= allowed) onHang(silenceMessage(quiet, factor));
    else timer = setTimeout(check, Math.max(1, Math.min(allowed - quiet, silenceMs)));
  };
  timer = setTimeout(check, silenceMs);
  return {
    poke: () => {
      last = Date.now();
    },
    stop: () => clearTimeout(timer),
  };
}
