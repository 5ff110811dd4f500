import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, FormField, Get, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { CurrentUserReader } from '../../../core/services/auth/current-user.service';
import { LoginService } from '../../../core/services/auth/login.service';
import { UserRegistrar } from '../../../core/services/auth/user-registrar.service';
import { actorOf } from '../auth/actor-of';
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
    @inject(CurrentUserReader) private readonly currentUser: CurrentUserReader,
  ) {
    super();
  }

  /** Creates an account. E-mails in ADMIN_EMAILS get the admin role. */
  @Post('register')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(409, 'E-mail already registered')
  @Response<ErrorResponse>(422, 'Invalid e-mail or weak password')
  public async register(@Body() body: UserRegisterRequest): Promise<UserResponse> {
    const user = await this.registrar.register(body);
    this.setStatus(201);
    return toUserResponse(user);
  }

  /** Form login (`application/x-www-form-urlencoded`); `username` holds the e-mail. */
  @Post('login')
  @Response<ErrorResponse>(401, 'Incorrect e-mail or password')
  @Response<ErrorResponse>(429, 'Too many failed attempts for this e-mail')
  public async login(@FormField() username: string, @FormField() password: string): Promise<TokenResponse> {
    const grant = await this.loginService.login(username, password);
    return { access_token: grant.accessToken, token_type: 'bearer', expires_in: grant.expiresInSeconds };
  }

  /** The authenticated user. */
  @Get('me')
  @Security('bearer')
  @Response<ErrorResponse>(401, 'Missing, invalid or expired token')
  public async me(@Request() request: ExpressRequest): Promise<UserResponse> {
    return toUserResponse(await this.currentUser.read(actorOf(request)));
  }
}
