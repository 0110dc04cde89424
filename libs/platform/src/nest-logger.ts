import type { LoggerService } from '@nestjs/common';
import type { Logger } from './logger';

/** Nest's own log lines go through pino too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: any, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: any, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: any, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: any, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: any, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
