import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { EnvelopeLogin } from '../../../core/services/envelope/envelope-login.service';
import { EnvelopeRegistrar } from '../../../core/services/envelope/envelope-registrar.service';
import { EnvelopeTokenRefresher } from '../../../core/services/envelope/envelope-token-refresher.service';
import { clientAddressOf } from '../../http/client-address';
import { userOf } from '../auth/user-of';
import { Envelope } from '../dto/envelope.dto';
import { CurrentUserResponse, LoginRequest, RefreshRequest, RegisterRequest, TokenPairResponse, UserResponse } from '../dto/user.dto';
import { success } from '../envelope';
import { toCurrentUserResponse, toTokenPairResponse, toUserResponse } from '../mappers/envelope-records.mapper';

/** Accounts of the envelope contract (docs/envelope.md): its own users, apart from the platform's. */
@injectable()
@Route('api/v1/users')
@Tags('Users')
@Response<Envelope<null>>(400, '40000 invalid parameters')
export class EnvelopeUsersController extends Controller {
  constructor(
    @inject(EnvelopeRegistrar) private readonly registrar: EnvelopeRegistrar,
    @inject(EnvelopeLogin) private readonly loginService: EnvelopeLogin,
    @inject(EnvelopeTokenRefresher) private readonly refresher: EnvelopeTokenRefresher,
  ) {
    super();
  }

  /** Creates a user. */
  @Post('register')
  @Response<Envelope<null>>(400, '40003 e-mail already registered; 40004 password too weak')
  @Response<Envelope<null>>(429, '42900 too many sign-ups from this address')
  public async register(@Request() request: ExpressRequest, @Body() body: RegisterRequest): Promise<Envelope<UserResponse>> {
    const user = await this.registrar.register({ ...body, clientAddress: clientAddressOf(request) });
    return success(toUserResponse(user));
  }

  /** An access token (30 minutes) and a refresh token (7 days, one use). */
  @Post('login')
  @Response<Envelope<null>>(400, '40001 user does not exist; 40002 wrong password')
  @Response<Envelope<null>>(429, '42900 too many failed logins; see Retry-After')
  public async login(@Request() request: ExpressRequest, @Body() body: LoginRequest): Promise<Envelope<TokenPairResponse>> {
    const pair = await this.loginService.login({ email: body.email, password: body.password, clientAddress: clientAddressOf(request) });
    return success(toTokenPairResponse(pair));
  }

  /** Exchanges a refresh token for a new pair. A token works once; reusing one revokes every refresh token of its login. */
  @Post('refresh')
  @Response<Envelope<null>>(401, '40100 invalid, expired, used or revoked refresh token')
  public async refresh(@Body() body: RefreshRequest): Promise<Envelope<TokenPairResponse>> {
    return success(toTokenPairResponse(await this.refresher.refresh(body.refresh_token)));
  }

  /** The caller, with the avatar. */
  @Get('me')
  @Security('bearer')
  @Response<Envelope<null>>(401, '40100 missing or expired access token')
  public async me(@Request() request: ExpressRequest): Promise<Envelope<CurrentUserResponse>> {
    return success(toCurrentUserResponse(userOf(request)));
  }
}
