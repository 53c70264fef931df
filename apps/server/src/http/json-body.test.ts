import { describe, expect, it } from 'vitest';
import { isNestedDeeperThan } from './json-body.ts';

describe('isNestedDeeperThan', () => {
  it('counts objects and arrays together', () => {
    expect(isNestedDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(isNestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isNestedDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(isNestedDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" \\\\' }), 1)).toBe(false);
    expect(isNestedDeeperThan(JSON.stringify({ text: '"', inner: { deeper: [1] } }), 2)).toBe(true);
  });

  it('leaves an unterminated string to the JSON parser', () => {
    expect(isNestedDeeperThan('{"a":"[[[[', 1)).toBe(false);
  });

  it('measures depth, not the number of siblings', () => {
    expect(isNestedDeeperThan(JSON.stringify(Array.from({ length: 500 }, () => ({}))), 2)).toBe(
      false,
    );
  });
});
