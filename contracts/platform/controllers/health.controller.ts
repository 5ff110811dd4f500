import { inject, injectable } from 'inversify';
import { Controller, Get, Route, Tags } from '@tsoa/runtime';
import { BUILTIN_TOOLS_PROBE, BuiltinToolsProbe } from '../../../core/ports/builtin-tools-status.port';
import { SERVICE_VERSION } from '../../../core/services/health/service-version';
import { HealthResponse } from '../dto/health.dto';

@injectable()
@Route('health')
@Tags('Health')
export class HealthController extends Controller {
  constructor(
    @inject(BUILTIN_TOOLS_PROBE) private readonly tools: BuiltinToolsProbe,
    @inject(SERVICE_VERSION) private readonly version: string,
  ) {
    super();
  }

  /** Liveness and built-in tool readiness. */
  @Get()
  public async health(): Promise<HealthResponse> {
    return { status: 'ok', version: this.version, builtin_tools: this.tools.status() };
  }
}
