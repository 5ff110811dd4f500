import { inject, injectable } from 'inversify';
import { Controller, Get, Route, Tags } from '@tsoa/runtime';
import { SERVICE_VERSION } from '../../../core/services/health/service-version';
import { PromptHealthResponse } from '../dto/prompt-envelope.dto';

@injectable()
@Route('health')
@Tags('Health')
export class PromptHealthController extends Controller {
  constructor(@inject(SERVICE_VERSION) private readonly version: string) {
    super();
  }

  @Get()
  public async health(): Promise<PromptHealthResponse> {
    return { status: 'ok', version: this.version };
  }
}
