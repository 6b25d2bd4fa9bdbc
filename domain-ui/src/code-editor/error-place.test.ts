import { expect, test } from 'vitest';
import { errorPlace } from './error-place';

test('the word at the error position, with its line and column; one character where no word is', () => {
  expect(errorPlace('select nope from t', 7)).toEqual({ from: 7, to: 11, line: 1, column: 8 });
  expect(errorPlace('select 1;\nselect "Bad".x', 17)).toEqual({ from: 17, to: 24, line: 2, column: 8 });
  expect(errorPlace('select (', 7)).toEqual({ from: 7, to: 8, line: 1, column: 8 });
  // Past the end: the last character.
  expect(errorPlace('select', 40)).toEqual({ from: 5, to: 6, line: 1, column: 6 });
  expect(errorPlace('', 3)).toBeNull();
  expect(errorPlace('select', null)).toBeNull();
});
