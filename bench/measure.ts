// Paired, interleaved timing: a candidate and its baseline run in alternating batches, and the result is
// the median of the per-round ratios, so the machine's drift (other processes, frequency changes) cancels.

/** One measured candidate: median nanoseconds per call and median ratio to the baseline. */
export interface Measured {
  readonly ns: number;
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

function median(values: number[]): number {
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
  for (let i = 0; i < 3; i++) (warm(candidate), warm(baseline));
  const n = calibrate(candidate, budget.batchMs);
  const m = calibrate(baseline, budget.batchMs);
  const nsPerOp: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < budget.rounds; round++) {
    const first = round % 2 === 0;
    const b1 = first ? batchTime(baseline, m) / m : 0;
    const c = batchTime(candidate, n) / n;
    const b2 = first ? 0 : batchTime(baseline, m) / m;
    const base = first ? b1 : b2;
    nsPerOp.push(c * 1e6);
    ratios.push(c / base);
  }
  return { ns: median(nsPerOp), ratio: median(ratios) };
}

/** Times a thunk on its own (for work with no natural baseline), in nanoseconds per call. */
export function alone(fn: () => void, budget: Budget): number {
  batchTime(fn, 100);
  const n = calibrate(fn, budget.batchMs);
  const times: number[] = [];
  for (let round = 0; round < budget.rounds; round++) times.push((batchTime(fn, n) / n) * 1e6);
  return median(times);
}
