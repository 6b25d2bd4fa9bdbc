import { describe, expect, it } from 'vitest';
import definition from '../../area.manifest';
import { keys } from './query-keys';

describe('the area\'s query keys', () => {
  it('sit under the id its manifest states', () => {
    expect(keys.all()).toEqual(['area', definition.id]);
  });
});
