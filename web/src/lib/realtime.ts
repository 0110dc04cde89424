import { useEffect, useRef } from 'react';
import type { Notification, RealtimeMessage, RealtimePush } from '@luxe/contracts';

/**
 * The signed-in member's live channel (`/api/realtime`, a WebSocket the gateway serves with the
 * session cookie): calls `onMessage` for each new message pushed to this user, and
 * `onConversationOpened` when a conversation of his is opened (an invite accepted, a request approved),
 * and `onNotification` for each new notification of his (the bell counts it), or with null when some
 * became read elsewhere (a thread he read: the bell refetches). It reconnects with
 * a growing delay, and calls `onReconnect` after a reconnection so the caller refetches what it
 * may have missed (the push is best effort; the server's lists are the truth).
 */
export function useRealtime(
  enabled: boolean,
  onMessage: (m: RealtimeMessage) => void,
  onReconnect: () => void,
  onConversationOpened: (conversationId: string) => void = () => undefined,
  onNotification: (n: Notification | null) => void = () => undefined,
): void {
  // The latest callbacks, read when an event comes (the socket is not reopened when they change).
  const handlers = useRef({ onMessage, onReconnect, onConversationOpened, onNotification });
  handlers.current = { onMessage, onReconnect, onConversationOpened, onNotification };
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/realtime`;
      socket = new WebSocket(url);
      socket.onopen = () => {
        if (attempt > 0) handlers.current.onReconnect();
        attempt = 0;
      };
      socket.onmessage = (e) => {
        try {
          const data = JSON.parse(String(e.data)) as RealtimePush;
          if (data?.type === 'message-sent') handlers.current.onMessage(data);
          else if (data?.type === 'conversation-opened') handlers.current.onConversationOpened(data.conversationId);
          else if (data?.type === 'notification') handlers.current.onNotification(data.notification);
          else if (data?.type === 'notifications-read') handlers.current.onNotification(null);
        } catch {
          /* not ours */
        }
      };
      socket.onclose = (e) => {
        // Refused for good (not signed in, another site): do not retry.
        if (closed || e.code === 4401 || e.code === 4403) return;
        attempt += 1;
        timer = setTimeout(connect, Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)));
      };
    };
    connect();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [enabled]);
}
