import { inject, injectable } from 'inversify';
import { Controller, Get, Route, Tags } from '@tsoa/runtime';
import { CLOCK, Clock } from '../../../core/ports/clock.port';
import { SERVICE_VERSION } from '../../../core/services/health/service-version';
import { Envelope, EnvelopeHealthResponse } from '../dto/envelope.dto';
import { success } from '../envelope';

@injectable()
@Route('api/v1/health')
@Tags('Health')
export class EnvelopeHealthController extends Controller {
  constructor(
    @inject(SERVICE_VERSION) private readonly version: string,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  @Get()
  public async health(): Promise<Envelope<EnvelopeHealthResponse>> {
    return success({ status: 'ok', version: this.version, timestamp: this.clock.now().toISOString() });
  }
}
