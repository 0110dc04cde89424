import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { AUTH_MESSAGES, loginSchema, LoginDto, PublicUser, registerSchema, RegisterDto } from '@luxe/contracts';
import { Actor, AppError, CurrentActor, Errors, InternalHttpClient, ZodValidationPipe } from '@luxe/platform';
import { AuthRateLimiter } from './rate-limit';

export const COOKIE_OPTIONS = Symbol('COOKIE_OPTIONS');
export interface CookieOptions {
  name: string;
  secure: boolean;
  maxAgeMs: number;
}

interface AuthResult {
  user: PublicUser;
  sessionToken: string;
}

/** `/api/auth/*`: the documented surface; identity does the work, the gateway owns the cookie. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly services: InternalHttpClient,
    private readonly limiter: AuthRateLimiter,
    @Inject(COOKIE_OPTIONS) private readonly cookie: CookieOptions,
  ) {}

  @Post('register')
  async register(@Body(new ZodValidationPipe(registerSchema)) dto: RegisterDto, @CurrentActor() actor: Actor, @Res({ passthrough: true }) res: any): Promise<PublicUser> {
    await this.limiter.consumeRegister(actor.ip ?? 'unknown');
    const r = await this.services.request<AuthResult>('identity', 'POST', '/auth/register', { actor, body: dto });
    this.setCookie(res, r.sessionToken);
    res.status(201);
    return r.user;
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body(new ZodValidationPipe(loginSchema)) dto: LoginDto, @CurrentActor() actor: Actor, @Res({ passthrough: true }) res: any): Promise<PublicUser> {
    await this.limiter.consumeLoginAttempt(actor.ip ?? 'unknown');
    await this.limiter.assertAccountNotLocked(dto.email);
    try {
      const r = await this.services.request<AuthResult>('identity', 'POST', '/auth/login', { actor, body: dto });
      await this.limiter.recordSuccess(dto.email);
      this.setCookie(res, r.sessionToken);
      return r.user;
    } catch (e) {
      if (e instanceof AppError && e.status === 401) await this.limiter.recordFailure(dto.email);
      throw e;
    }
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@CurrentActor() actor: Actor, @Req() req: any, @Res({ passthrough: true }) res: any): Promise<void> {
    if (req.sessionToken) await this.services.request('identity', 'POST', '/auth/logout', { actor, body: { sessionToken: req.sessionToken } });
    res.clearCookie(this.cookie.name, { httpOnly: true, sameSite: 'lax', secure: this.cookie.secure, path: '/' });
  }

  @Get('me')
  async me(@CurrentActor() actor: Actor): Promise<PublicUser> {
    if (actor.role === 'anonymous') throw Errors.unauthenticated(AUTH_MESSAGES.notAuthenticated);
    return this.services.request<PublicUser>('identity', 'GET', '/users/me', { actor });
  }

  private setCookie(res: any, token: string) {
    res.cookie(this.cookie.name, token, { httpOnly: true, sameSite: 'lax', secure: this.cookie.secure, path: '/', maxAge: this.cookie.maxAgeMs });
  }
}
