import { RunningServices, startServices } from '../../bin/services';
import { testConfig } from './test-config';

export interface StartedApp {
  services: RunningServices;
  platformUrl: string;
  envelopeUrl: string;
  promptUrl: string;
  stop(): Promise<void>;
}

/** The real three services, in-process on ephemeral ports, over embedded adapters. */
export async function startApp(env: Record<string, string> = {}): Promise<StartedApp> {
  const services = await startServices(testConfig(env));
  const url = (port: number) => `http://127.0.0.1:${port}`;
  return {
    services,
    platformUrl: url(services.platform.port),
    envelopeUrl: url(services.envelope.port),
    promptUrl: url(services.prompt.port),
    stop: () => services.stop(),
  };
}
