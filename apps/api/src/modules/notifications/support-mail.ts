import type { MailMessage } from '../../providers/mail/mailer.ts';
import { type Brand, layout, sectionBlock } from '../../providers/mail/templates.ts';

/** A message of a support conversation, as a mail quotes it (decision 058). */
export interface SupportMailMessage {
  conversationId: number;
  subject: string;
  body: string;
  /** How many files came with it: the mail says so, the files stay in the conversation. */
  files: number;
}

/** Long messages are quoted in part: the conversation has the rest. */
const QUOTE_MAX = 1500;
const quote = (body: string) => (body.length > QUOTE_MAX ? `${body.slice(0, QUOTE_MAX)}…` : body);
const filesSentence = (files: number) =>
  files === 0 ? '' : `${files === 1 ? 'One file is' : `${files} files are`} attached in the conversation.`;
const NO_REPLY = 'Answers to this mail are not read: reply in the conversation.';

/** To the customer: the support team answered. */
export function supportAnsweredMail(
  brand: Brand,
  to: string,
  firstName: string,
  message: SupportMailMessage & { authorName: string | null },
): MailMessage {
  const who = message.authorName ? `${message.authorName} of the ${brand.brandName} support team` : `The ${brand.brandName} support team`;
  return layout(
    brand,
    to,
    `Re: ${message.subject}`,
    [
      `Hello ${firstName},`,
      `${who} answered your message "${message.subject}":`,
      sectionBlock('Their answer', quote(message.body)),
      filesSentence(message.files),
      NO_REPLY,
    ].filter(Boolean),
    { label: 'Read and reply', url: `${brand.publicUrl}/support/${message.conversationId}` },
  );
}

/** To the support team's inbox: a customer wrote (a new conversation or a reply). */
export function supportTeamMail(
  brand: Brand,
  to: string,
  message: SupportMailMessage & { isNew: boolean; customer: { name: string; email: string; lockerNumber: string | null } },
): MailMessage {
  const from = `${message.customer.name}${message.customer.lockerNumber ? ` (locker ${message.customer.lockerNumber})` : ''}`;
  return layout(
    brand,
    to,
    message.isNew ? `New support conversation: ${message.subject}` : `${message.customer.name} wrote: ${message.subject}`,
    [
      message.isNew ? `${from} started a conversation, "${message.subject}":` : `${from} wrote in the conversation "${message.subject}":`,
      sectionBlock('Their message', quote(message.body)),
      filesSentence(message.files),
      `Answer in the console: the customer is mailed the answer. Their email is ${message.customer.email}.`,
    ].filter(Boolean),
    { label: 'Answer in the console', url: `${brand.publicUrl}/staff/support/${message.conversationId}` },
  );
}
