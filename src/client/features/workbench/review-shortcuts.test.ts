import { describe, expect, it } from 'vitest';
import { nextAfterDecision, queueNeighbour, shortcutFor } from './review-shortcuts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('shortcutFor', () => {
  it('maps J/K to the next and previous merchant, either case', () => {
    expect(press('j')).toEqual({ kind: 'merchant', step: 1 });
    expect(press('J')).toEqual({ kind: 'merchant', step: 1 });
    expect(press('k')).toEqual({ kind: 'merchant', step: -1 });
  });

  it('maps 1-7 to the seven documents and refuses 8, 9 and 0', () => {
    expect(press('1')).toEqual({ kind: 'document', index: 0 });
    expect(press('7')).toEqual({ kind: 'document', index: 6 });
    expect(press('8')).toBeNull();
    expect(press('0')).toBeNull();
  });

  it('maps V, T and D to the three decisions and ? to the help', () => {
    expect(press('v')).toEqual({ kind: 'decision', status: 'verified' });
    expect(press('T')).toEqual({ kind: 'decision', status: 'data_tidak_lengkap' });
    expect(press('d')).toEqual({ kind: 'decision', status: 'rejected' });
    expect(press('?')).toEqual({ kind: 'help' });
  });

  it('leaves keys with Ctrl, Cmd or Alt, and other keys, to the browser', () => {
    expect(press('d', { ctrlKey: true })).toBeNull();
    expect(press('t', { metaKey: true })).toBeNull();
    expect(press('v', { altKey: true })).toBeNull();
    expect(press('x')).toBeNull();
    expect(press('Enter')).toBeNull();
  });
});

describe('queueNeighbour', () => {
  const order = ['a', 'b', 'c'];
  it('steps forward and back through the queue, null past either end', () => {
    expect(queueNeighbour(order, 'b', 1)).toBe('c');
    expect(queueNeighbour(order, 'b', -1)).toBe('a');
    expect(queueNeighbour(order, 'c', 1)).toBeNull();
    expect(queueNeighbour(order, 'a', -1)).toBeNull();
  });

  it('from a merchant no longer queued, J opens the oldest and K nothing', () => {
    expect(queueNeighbour(order, 'z', 1)).toBe('a');
    expect(queueNeighbour(order, 'z', -1)).toBeNull();
    expect(queueNeighbour([], 'z', 1)).toBeNull();
  });
});

describe('nextAfterDecision', () => {
  it('opens the one after the decided merchant in the queue being walked', () => {
    expect(nextAfterDecision(['a', 'b', 'c', 'd'], ['a', 'c', 'd'], 'b')).toBe('c');
  });

  it('skips those decided meanwhile by another admin', () => {
    expect(nextAfterDecision(['a', 'b', 'c', 'd'], ['a', 'd'], 'b')).toBe('d');
  });

  it('falls back to the oldest still waiting, then to none', () => {
    expect(nextAfterDecision(['a', 'b'], ['a'], 'b')).toBe('a');
    expect(nextAfterDecision(['x'], ['a', 'b'], 'z')).toBe('a');
    expect(nextAfterDecision(['b'], [], 'b')).toBeNull();
  });
});
