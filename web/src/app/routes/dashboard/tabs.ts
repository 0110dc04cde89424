import type { StoredUser } from '../../../lib/auth-store';
import { local, STORAGE_KEYS } from '../../../lib/storage';

/** Tabs of a non-venue member's dashboard; ?tab= accepts exactly these (spec doc 1 §2). */
export const MEMBER_TABS = ['home', 'messages', 'events', 'invites', 'book', 'profile'] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export const TAB_LABELS: Record<MemberTab, string> = {
  home: 'Home',
  messages: 'Messages',
  events: 'Events',
  invites: 'Invites',
  book: 'Book',
  profile: 'Profile',
};

export function isMemberTab(value: string | null | undefined): value is MemberTab {
  return (MEMBER_TABS as readonly string[]).includes(value ?? '');
}

function hasProfilePicture(user: StoredUser): boolean {
  return !!user.profilePic || (Array.isArray(user.profileImages) && user.profileImages.length > 0);
}

/**
 * The tab to show: ?tab= when valid; else profile for a new user or one without a
 * profile picture; else the last active tab; else home.
 */
export function resolveTab(param: string | null, user: StoredUser): MemberTab {
  if (isMemberTab(param)) return param;
  if (user.isNewUser || !hasProfilePicture(user)) return 'profile';
  const last = local.get(STORAGE_KEYS.lastActiveTab);
  return isMemberTab(last) ? last : 'home';
}

export function rememberActiveTab(tab: MemberTab): void {
  local.set(STORAGE_KEYS.lastActiveTab, tab);
}

/** The Invites tab's sub-tab from ?section=: discover opens Send Invites, anything else Received. */
export function invitesSectionOf(param: string | null): 'received' | 'discover' {
  return param === 'discover' ? 'discover' : 'received';
}
