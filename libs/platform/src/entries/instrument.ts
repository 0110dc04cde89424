/**
 * `@luxe/platform/instrument`: the first import of a process's entry (a service's main.ts, the
 * gateway's, the embedded launcher's). With tracing on (an OTLP endpoint in the environment) it
 * turns the instrumentations on before pg, ioredis and http are first required, which is when
 * they can be patched; without, it loads nothing more. It imports tracing.ts alone, none of the
 * modules it patches.
 */
import { enableInstrumentations, otlpEndpointFromEnv } from '../tracing';

if (otlpEndpointFromEnv()) enableInstrumentations();
