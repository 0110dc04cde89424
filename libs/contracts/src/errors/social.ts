import { INVITE_MESSAGES, JOIN_REQUEST_MESSAGES, SAFETY_MESSAGES, SWIPE_MESSAGES } from '../social';
import { defineErrors } from './define';

/** Invites, join requests, swipes (docs/product.md#social). */
export const SOCIAL_ERRORS = defineErrors('SOCIAL', {
  EVENT_NOT_FOUND: { status: 404, message: JOIN_REQUEST_MESSAGES.notFound },
  OWN_EVENT: { status: 400, message: JOIN_REQUEST_MESSAGES.ownEvent },
  PAST_EVENT: { status: 400, message: JOIN_REQUEST_MESSAGES.pastEvent },
  DUPLICATE_REQUEST: { status: 409, message: JOIN_REQUEST_MESSAGES.duplicate },
  REQUEST_NOT_FOUND: { status: 404, message: JOIN_REQUEST_MESSAGES.requestNotFound },
  NOT_PENDING: { status: 409, message: JOIN_REQUEST_MESSAGES.notPending },
  /** An answer to an invite (or request) whose booking was cancelled. */
  EVENT_CANCELLED: { status: 409, message: JOIN_REQUEST_MESSAGES.eventCancelled },
  INVITE_SELF: { status: 400, message: INVITE_MESSAGES.self },
  HOSTS_ONLY: { status: 403, message: INVITE_MESSAGES.hostsOnly },
  GUEST_NOT_FOUND: { status: 404, message: INVITE_MESSAGES.guestNotFound },
  DUPLICATE_INVITE: { status: 409, message: INVITE_MESSAGES.duplicate },
  INVITE_NOT_FOUND: { status: 404, message: INVITE_MESSAGES.notFound },
  INVITE_NOT_PENDING: { status: 409, message: INVITE_MESSAGES.notPending },
  SWIPE_SELF: { status: 400, message: SWIPE_MESSAGES.self },
  USER_NOT_FOUND: { status: 404, message: SWIPE_MESSAGES.userNotFound },
  SAFETY_SELF: { status: 400, message: SAFETY_MESSAGES.self },
});
