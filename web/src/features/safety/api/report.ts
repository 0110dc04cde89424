import { useMutation } from '@tanstack/react-query';
import { api, type Report, type ReportInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** What is reported: a member, or one message of a conversation (the other participant's). */
export type ReportTarget =
  | { kind: 'member'; userId: string }
  | { kind: 'message'; conversationId: string; messageId: string };

/** POST /api/users/{userId}/report. */
export function reportMember(userId: string, input: ReportInput): Promise<Report> {
  return callApi(api.safety.reportUser, { params: { userId }, body: input });
}

/** POST /api/conversations/{id}/messages/{messageId}/report. */
export function reportMessage(conversationId: string, messageId: string, input: ReportInput): Promise<Report> {
  return callApi(api.conversations.reportMessage, { params: { id: conversationId, messageId }, body: input });
}

/** Sends a report to the admins; nothing on screen changes with it. */
export function useReport(target: ReportTarget) {
  return useMutation({
    mutationFn: (input: ReportInput) =>
      target.kind === 'member'
        ? reportMember(target.userId, input)
        : reportMessage(target.conversationId, target.messageId, input),
  });
}
