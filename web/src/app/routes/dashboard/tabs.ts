import type { StoredUser } from '../../../lib/auth-store';
import { local, STORAGE_KEYS } from '../../../lib/storage';

/** Tabs of a host's or guest's dashboard; ?tab= accepts exactly these (docs/product.md#dashboard-tabs). */
export const MEMBER_TABS = ['home', 'messages', 'events', 'invites', 'book', 'profile'] as const;
/** Tabs of an entertainer's dashboard: the venues he asked to join and his VIP room assignments instead of events, invites and bookings. */
export const ENTERTAINER_TABS = ['home', 'messages', 'venues', 'assignments', 'profile'] as const;

export type DashboardTab = (typeof MEMBER_TABS)[number] | (typeof ENTERTAINER_TABS)[number];

export const TAB_LABELS: Record<DashboardTab, string> = {
  home: 'Home',
  messages: 'Messages',
  events: 'Events',
  invites: 'Invites',
  book: 'Book',
  venues: 'My Venues',
  assignments: 'VIP Rooms',
  profile: 'Profile',
};

/** The tab set of a user (venue owners have their own dashboard). */
export function tabsFor(user: Pick<StoredUser, 'userType'>): readonly DashboardTab[] {
  return user.userType === 'entertainer' ? ENTERTAINER_TABS : MEMBER_TABS;
}

function isTabOf(tabs: readonly DashboardTab[], value: string | null | undefined): value is DashboardTab {
  return (tabs as readonly string[]).includes(value ?? '');
}

function hasProfilePicture(user: StoredUser): boolean {
  return !!user.profilePic || (Array.isArray(user.profileImages) && user.profileImages.length > 0);
}

/**
 * The tab to show, among the user's own tabs: ?tab= when valid; else profile for a new user or
 * one without a profile picture; else the last active tab; else home.
 */
export function resolveTab(param: string | null, user: StoredUser): DashboardTab {
  const tabs = tabsFor(user);
  if (isTabOf(tabs, param)) return param;
  if (user.isNewUser || !hasProfilePicture(user)) return 'profile';
  const last = local.get(STORAGE_KEYS.lastActiveTab);
  return isTabOf(tabs, last) ? last : 'home';
}

export function rememberActiveTab(tab: DashboardTab): void {
  local.set(STORAGE_KEYS.lastActiveTab, tab);
}

/** The Invites tab's sub-tab from ?section=: discover opens Send Invites, anything else Received. */
export function invitesSectionOf(param: string | null): 'received' | 'discover' {
  return param === 'discover' ? 'discover' : 'received';
}
