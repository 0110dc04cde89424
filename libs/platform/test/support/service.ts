import {
  generateInternalKeyPair,
  startService,
  type RunningService,
  type ServiceDefinition,
  type ServiceInfra,
} from '../../src';

/**
 * startService as these specs run it: on a free local port, with an internal public key of its
 * own whose private half nobody keeps (no spec calls its routes with a token); the database,
 * transport, logger and the rest as the spec gives them.
 */
export function startTestService(
  def: ServiceDefinition,
  infra: Omit<ServiceInfra, 'host' | 'port' | 'internalAuthPublicKey'>,
): Promise<RunningService> {
  return startService(def, {
    host: '127.0.0.1',
    port: 0,
    internalAuthPublicKey: generateInternalKeyPair().publicKey,
    ...infra,
  });
}
