// Paired, interleaved timing: a candidate and its baseline run in alternating batches, and the result is
// the median of the per-round ratios, so the machine's drift (other processes, frequency changes) cancels.

/** One measured pair: the candidate's and the baseline's median nanoseconds per call, and the median per-round ratio. */
export interface Measured {
  readonly ns: number;
  readonly baseNs: number;
  readonly ratio: number;
}

/** How long to measure: rounds of paired batches, each batch about `batchMs` long. */
export interface Budget {
  readonly rounds: number;
  readonly batchMs: number;
}

export const FULL: Budget = { rounds: 21, batchMs: 20 };
export const QUICK: Budget = { rounds: 3, batchMs: 1 };

let sink = 0;
// biome-ignore lint/correctness/noUnusedVariables: written on every result so the engine keeps the work; never read
let kept: unknown;
/**
 * Keeps results alive so the engine cannot drop the work: the last value is stored where the engine
 * cannot see it unused, so an object a library builds is really built (escape analysis could otherwise
 * remove an allocation whose only use is a truth test).
 */
export function consume(value: unknown): void {
  sink = (sink + (value ? 1 : 0)) | 0;
  kept = value;
}

const now = () => performance.now();

function batchTime(fn: () => void, n: number): number {
  const start = now();
  for (let i = 0; i < n; i++) fn();
  return now() - start;
}

// Runs a thunk 1,000 times to warm it up, or for about 50 ms when it is slow (ajv's compile takes ~20 ms).
function warm(fn: () => void): void {
  const end = now() + 50;
  for (let i = 0; i < 1000 && now() < end; i++) fn();
}

// Iterations that make one batch last about `ms`.
function calibrate(fn: () => void, ms: number): number {
  let n = 1;
  for (;;) {
    const t = batchTime(fn, n);
    if (t >= ms / 4 || n >= 1 << 26) return Math.max(1, Math.round((n * ms) / Math.max(t, 1e-3)));
    n *= 4;
  }
}

/** The median of a list of numbers. @example median([3, 1, 2]) // 2 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Measures `candidate` against `baseline` (both zero-argument thunks doing one operation).
 *
 * @example
 * const { ns, ratio } = paired(() => consume(guard(value)), () => consume(hand(value)), FULL);
 */
export function paired(candidate: () => void, baseline: () => void, budget: Budget): Measured {
  for (let i = 0; i < 3; i++) warm(candidate), warm(baseline);
  const n = calibrate(candidate, budget.batchMs);
  const m = calibrate(baseline, budget.batchMs);
  const nsPerOp: number[] = [];
  const baseNs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < budget.rounds; round++) {
    const first = round % 2 === 0;
    const b1 = first ? batchTime(baseline, m) / m : 0;
    const c = batchTime(candidate, n) / n;
    const b2 = first ? 0 : batchTime(baseline, m) / m;
    const base = first ? b1 : b2;
    nsPerOp.push(c * 1e6);
    baseNs.push(base * 1e6);
    ratios.push(c / base);
  }
  return { ns: median(nsPerOp), baseNs: median(baseNs), ratio: median(ratios) };
}

/**
 * Paired timing of whole runs, for work that takes milliseconds or more, or is asynchronous: the candidate and
 * the baseline alternate (which goes first alternates too), and each round gives one ratio.
 *
 * @example
 * const { ratio } = await pairedRuns(() => registry.executeAll(calls, { signal }), () => registry.executeAll(calls), 7);
 */
export async function pairedRuns(candidate: () => unknown, baseline: () => unknown, runs: number): Promise<Measured> {
  const time = async (fn: () => unknown) => {
    const start = now();
    consume(await fn());
    return (now() - start) * 1e6;
  };
  const nsPerRun: number[] = [];
  const baseNs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < runs; round++) {
    const first = round % 2 === 0;
    const b1 = first ? await time(baseline) : 0;
    const c = await time(candidate);
    const base = first ? b1 : await time(baseline);
    nsPerRun.push(c);
    baseNs.push(base);
    ratios.push(c / base);
  }
  return { ns: median(nsPerRun), baseNs: median(baseNs), ratio: median(ratios) };
}
