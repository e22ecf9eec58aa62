import { expect } from 'vitest';
import { RobotsError } from '../../src/errors.js';

/** The RobotsError `run` throws; fails the test if it throws nothing or something else. */
export function thrown(run: () => unknown): RobotsError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RobotsError);
    return error as RobotsError;
  }
  throw new Error('expected a RobotsError');
}
