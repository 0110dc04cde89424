import type { FastifyReply } from 'fastify';
import { api, type AuthResult, type LoginDto } from '@luxe/contracts';
import { AppError, type MeSnapshots } from '@luxe/platform';
import type { AuthRateLimiter } from './rate-limit';
import type { GatewayHandler } from '../routes/pipeline';
import type { ImageOrigin } from '../web/static';

export interface CookieOptions {
  name: string;
  secure: boolean;
  maxAgeMs: number;
}

/**
 * The routes where the gateway owns behaviour: identity creates and ends sessions, the gateway
 * turns them into the httpOnly cookie (set on sign-up and login, cleared on logout and account
 * deletion) and keeps the per-account login limit.
 */
export function authHandlers(
  limiter: AuthRateLimiter,
  cookie: CookieOptions,
  snapshots: MeSnapshots,
  imageOrigin?: ImageOrigin,
): Record<string, GatewayHandler> {
  const redirectToStoredFile = storedFileRedirect(imageOrigin);
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookie.name, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      path: '/',
      maxAge: Math.floor(cookie.maxAgeMs / 1000),
    });
  return {
    [api.auth.register.id]: async (ctx) => {
      const r = await ctx.forwardJson<AuthResult>();
      setCookie(ctx.reply, r.sessionToken);
      return r.user;
    },
    [api.auth.login.id]: async (ctx) => {
      const { email } = ctx.body as LoginDto;
      // Counted before the password is checked, so parallel guesses cannot pass the limit.
      const ticket = await limiter.beginLogin(email, ctx.actor.ip);
      let r: AuthResult;
      try {
        r = await ctx.forwardJson<AuthResult>();
      } catch (e) {
        // A wrong password stays counted; anything else (identity down) gives the attempt back.
        if (!(e instanceof AppError && e.status === 401)) await ticket.abandoned();
        throw e;
      }
      await ticket.succeeded();
      setCookie(ctx.reply, r.sessionToken);
      return r.user;
    },
    // The signed-in user: identity's snapshot of the user when Redis has it, else identity (which
    // fills it). The session was read already; this is one more read (from this gateway's memory
    // when kept, see TrackedReads), and no call.
    [api.auth.me.id]: async (ctx) => {
      const json =
        snapshots.kept(ctx.actor.userId!) ?? (await snapshots.get(ctx.actor.userId!)) ?? (await ctx.forward());
      ctx.reply.header('content-type', 'application/json; charset=utf-8');
      return json;
    },
    [api.auth.logout.id]: async (ctx) => {
      if (ctx.actor.sessionId) await ctx.forward();
      ctx.reply.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
      return null;
    },
    // Photos' and placeholders' stable paths: a redirect to the stored file.
    ...Object.fromEntries(
      [
        api.users.image,
        api.venueImages.image,
        api.friends.image,
        api.venueImages.placeholderYacht,
        api.venueImages.placeholderVenue,
        api.venueImages.placeholderSection,
      ].map((r) => [r.id, redirectToStoredFile]),
    ),
    // Identity deletes the account and all its sessions; the browser's cookie goes with them.
    [api.users.deleteAccount.id]: async (ctx) => {
      await ctx.forward();
      ctx.reply.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
      return null;
    },
  };
}

/** A redirect to the file the service names, cacheable for the time it says; its origin is where pages preconnect to. */
function storedFileRedirect(imageOrigin?: ImageOrigin): GatewayHandler {
  return async (ctx) => {
    const { url, maxAgeSeconds } = await ctx.forwardJson<{ url: string; maxAgeSeconds: number }>();
    imageOrigin?.learn(url);
    ctx.reply.header('cache-control', `public, max-age=${maxAgeSeconds}`).header('location', url);
    return null;
  };
}
