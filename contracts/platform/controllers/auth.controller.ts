import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, FormField, Get, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { LoginService } from '../../../core/services/auth/login.service';
import { UserRegistrar } from '../../../core/services/auth/user-registrar.service';
import { clientAddressOf } from '../../http/client-address';
import { authenticatedUserOf } from '../auth/authenticated-user';
import { TokenResponse, UserRegisterRequest, UserResponse } from '../dto/auth.dto';
import { ErrorResponse } from '../dto/error.dto';
import { toUserResponse } from '../mappers/user.mapper';

@injectable()
@Route('api/v1/auth')
@Tags('Authentication')
export class AuthController extends Controller {
  constructor(
    @inject(UserRegistrar) private readonly registrar: UserRegistrar,
    @inject(LoginService) private readonly loginService: LoginService,
  ) {
    super();
  }

  /** Creates an account with the `user` role; at most 100 (REGISTER_PER_ADDRESS_PER_HOUR) per client address per hour. */
  @Post('register')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(409, 'E-mail already registered')
  @Response<ErrorResponse>(422, 'Invalid e-mail, weak password or nickname over 100 characters')
  @Response<ErrorResponse>(429, 'Too many sign-ups from this address (see Retry-After)')
  public async register(@Body() body: UserRegisterRequest, @Request() request: ExpressRequest): Promise<UserResponse> {
    const user = await this.registrar.register({ ...body, clientAddress: clientAddressOf(request) });
    this.setStatus(201);
    return toUserResponse(user);
  }

  /** Form login (`application/x-www-form-urlencoded`); `username` holds the e-mail. */
  @Post('login')
  @Response<ErrorResponse>(401, 'Incorrect e-mail or password')
  @Response<ErrorResponse>(422, 'An e-mail over 254 characters or a password over 128')
  @Response<ErrorResponse>(429, 'Too many failed attempts for this e-mail or from this address (see Retry-After)')
  public async login(@FormField() username: string, @FormField() password: string, @Request() request: ExpressRequest): Promise<TokenResponse> {
    const grant = await this.loginService.login({ email: username, password, clientAddress: clientAddressOf(request) });
    return { access_token: grant.accessToken, token_type: 'bearer', expires_in: grant.expiresInSeconds };
  }

  /** The authenticated user. */
  @Get('me')
  @Security('bearer')
  @Response<ErrorResponse>(401, 'Missing, invalid or expired token')
  public async me(@Request() request: ExpressRequest): Promise<UserResponse> {
    return toUserResponse(authenticatedUserOf(request));
  }
}
