import { describe, expect, it } from 'vitest';
import { pixelBudget } from './pixel-budget.js';

/** A task that records when it starts and ends only when `finish` is called. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pixelBudget', () => {
  it('runs two light images at once and a heavy one alone, in the order asked', async () => {
    const run = pixelBudget(5_000_000);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = [run(1_920_000, a!.task), run(1_920_000, b!.task), run(4_915_200, c!.task), run(1_920_000, d!.task)];
    await settle();
    // a + b + c would be 8.76 MP of 5: c waits, and d, asked after c, waits behind it.
    expect(log).toEqual(['start a', 'start b']);
    a!.finish();
    await settle();
    // b and c together are 6.8 MP: c still waits.
    expect(log).toEqual(['start a', 'start b', 'end a']);
    b!.finish();
    await settle();
    expect(log.slice(3)).toEqual(['end b', 'start c']);
    c!.finish();
    await settle();
    expect(log.slice(5)).toEqual(['end c', 'start d']);
    d!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('admits an image heavier than the whole budget when nothing else runs, and frees the budget when a task fails', async () => {
    const run = pixelBudget(5_000_000);
    await expect(run(50_000_000, () => Promise.reject(new Error('tidak terbaca')))).rejects.toThrow('tidak terbaca');
    expect(await run(50_000_000, () => Promise.resolve('ok'))).toBe('ok');
    const log: string[] = [];
    const big = gate(log, 'big');
    const pending = run(50_000_000, big.task);
    const small = run(1_000, () => Promise.resolve('small'));
    await settle();
    expect(log).toEqual(['start big']);
    big.finish();
    expect(await Promise.all([pending, small])).toEqual(['big', 'small']);
  });
});
