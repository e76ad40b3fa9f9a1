import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installProcessGuards, UNCAUGHT_EXCEPTIONS_PER_MINUTE } from '../../api/src/platform/processGuards.js';

const fakeLogger = () =>
  ({ error: vi.fn(), fatal: vi.fn() }) as never as Parameters<typeof installProcessGuards>[0] & {
    error: ReturnType<typeof vi.fn>;
    fatal: ReturnType<typeof vi.fn>;
  };

describe('process guards', () => {
  it('log an unhandled rejection and keep serving', () => {
    const proc = new EventEmitter();
    const logger = fakeLogger();
    const onFatal = vi.fn();
    installProcessGuards(logger, onFatal, proc as never);
    proc.emit('unhandledRejection', new Error('You must be signed in.'));
    expect(logger.error).toHaveBeenCalledOnce();
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('tolerate a stray exception, but ask for a clean restart after a burst of them', () => {
    const proc = new EventEmitter();
    const logger = fakeLogger();
    const onFatal = vi.fn();
    installProcessGuards(logger, onFatal, proc as never);
    proc.emit('uncaughtException', new Error('one'));
    expect(onFatal).not.toHaveBeenCalled();
    for (let i = 1; i < UNCAUGHT_EXCEPTIONS_PER_MINUTE; i++) proc.emit('uncaughtException', new Error('more'));
    expect(onFatal).toHaveBeenCalledOnce();
    expect(logger.fatal).toHaveBeenCalledOnce();
  });
});
