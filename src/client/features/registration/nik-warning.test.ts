import { describe, expect, it } from 'vitest';
import { NIK_MESSAGES } from '../../../domain/nik-structure';
import { nikWarningText } from './nik-warning';

const today = new Date('2026-11-25T05:00:00Z');

describe('nikWarningText', () => {
  it('says nothing for a sound NIK, with or without separators', () => {
    expect(nikWarningText('3174015505900001', today)).toBeNull();
    expect(nikWarningText('3174 0155 0590 0001', today)).toBeNull();
  });

  it('says nothing until there are 16 digits (the length is the block, not a warning)', () => {
    expect(nikWarningText('', today)).toBeNull();
    expect(nikWarningText('99740155059000', today)).toBeNull();
  });

  it('warns of an unknown province code', () => {
    expect(nikWarningText('9974015505900001', today)).toBe(`${NIK_MESSAGES.structureWarning}. ${NIK_MESSAGES.problems.unknown_province}.`);
  });

  it('warns of an applicant under 17 by the birth date', () => {
    // Born 15 May 2015 (a woman: day 55 = 15 + 40).
    expect(nikWarningText('3174015505150001', today)).toBe(`${NIK_MESSAGES.structureWarning}. ${NIK_MESSAGES.problems.under_17}.`);
  });
});
