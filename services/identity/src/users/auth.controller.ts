import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { loginSchema, LoginDto, registerSchema, RegisterDto } from '@luxe/contracts';
import { Actor, CurrentActor, ZodValidationPipe } from '@luxe/platform';
import { z } from 'zod';
import { AuthService } from './auth.service';

const logoutSchema = z.object({ sessionToken: z.string().max(200).optional() });

/** Internal routes, called only by the gateway. */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('auth/register')
  register(@Body(new ZodValidationPipe(registerSchema)) dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Post('auth/login')
  @HttpCode(200)
  login(@Body(new ZodValidationPipe(loginSchema)) dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Body(new ZodValidationPipe(logoutSchema)) dto: { sessionToken?: string }) {
    await this.auth.logout(dto.sessionToken);
  }

  @Get('users/me')
  me(@CurrentActor() actor: Actor) {
    return this.auth.me(actor);
  }
}
