import { z } from 'zod';
import { attachedFileSchema } from './attached-file.ts';
import type { Lifecycle } from './lifecycles.ts';
import { boundedString } from './validation.ts';

/**
 * Support conversations (decision 058): a customer writes about a package, a shipment, a payment, a claim
 * or anything else; staff answer from a queue, unanswered first; each side is mailed when the other writes.
 */
export const SUPPORT_SUBJECT_TYPES = ['package', 'shipment', 'payment', 'claim', 'general'] as const;
export type SupportSubjectType = (typeof SUPPORT_SUBJECT_TYPES)[number];

export const SUPPORT_SUBJECT_LABELS: Record<SupportSubjectType, string> = {
  package: 'Package',
  shipment: 'Shipment',
  payment: 'Payment',
  claim: 'Claim',
  general: 'Something else',
};

export const SUPPORT_STATUSES = ['WAITING_FOR_STAFF', 'WAITING_FOR_CUSTOMER', 'CLOSED'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/**
 * A conversation. WAITING_FOR_STAFF: the customer wrote last (a new conversation starts here).
 * WAITING_FOR_CUSTOMER: staff answered. CLOSED: settled, by staff or by the customer; whoever writes
 * again reopens it. Writing while it is already the writer's turn to wait changes nothing.
 */
export const SUPPORT_LIFECYCLE: Lifecycle<SupportStatus> = {
  name: 'support conversation',
  statuses: SUPPORT_STATUSES,
  transitions: {
    WAITING_FOR_STAFF: ['WAITING_FOR_CUSTOMER', 'CLOSED'],
    WAITING_FOR_CUSTOMER: ['WAITING_FOR_STAFF', 'CLOSED'],
    CLOSED: ['WAITING_FOR_STAFF', 'WAITING_FOR_CUSTOMER'],
  },
};

/** The two sides of a conversation: the customer who writes, and the support team that answers. */
const supportSideSchema = z.enum(['customer', 'staff']);
export type SupportSide = z.infer<typeof supportSideSchema>;

/** What each side reads for a status: the customer waits for "Support", staff see what needs them. */
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, Record<SupportSide, string>> = {
  WAITING_FOR_STAFF: { customer: 'Waiting for support', staff: 'Unanswered' },
  WAITING_FOR_CUSTOMER: { customer: 'Answered', staff: 'Answered' },
  CLOSED: { customer: 'Closed', staff: 'Closed' },
};

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_REF_MAX = 40;

export const supportMessages = {
  subjectRequired: 'Say in a few words what it is about',
  subjectTooLong: `The subject can be at most ${SUPPORT_SUBJECT_MAX} characters`,
  bodyRequired: 'Write your message first',
  bodyTooLong: `A message can be at most ${SUPPORT_MESSAGE_MAX} characters`,
  refRequired: 'Choose what it is about',
  conversationNotFound: 'Conversation not found',
  fileNotFound: 'File not found',
  subjectNotFound: (type: SupportSubjectType) => `${SUPPORT_SUBJECT_LABELS[type]} not found`,
  notAFile: 'Attach images (JPEG, PNG or WebP) or PDF files',
  started: 'Message sent. We usually answer within one working day.',
  sent: 'Message sent',
  closed: 'Conversation closed',
  alreadyClosed: 'This conversation is already closed',
} as const;

const subject = boundedString(SUPPORT_SUBJECT_MAX * 2, supportMessages.subjectTooLong)
  .trim()
  .min(1, supportMessages.subjectRequired)
  .max(SUPPORT_SUBJECT_MAX, supportMessages.subjectTooLong);
const body = boundedString(SUPPORT_MESSAGE_MAX * 2, supportMessages.bodyTooLong)
  .trim()
  .min(1, supportMessages.bodyRequired)
  .max(SUPPORT_MESSAGE_MAX, supportMessages.bodyTooLong);

/** A message: its text (the files come beside it in a multipart form). */
export const supportMessageInputSchema = z.object({ body });
export type SupportMessageInput = z.input<typeof supportMessageInputSchema>;

/**
 * A new conversation. `subjectRef` is the reference the customer sees: a package's ID, a shipment's ID,
 * a payment's reference or a claim's (CLM000123); none for "Something else".
 */
export const newConversationSchema = z
  .object({
    subjectType: z.enum(SUPPORT_SUBJECT_TYPES),
    subjectRef: boundedString(SUPPORT_REF_MAX * 2)
      .trim()
      .max(SUPPORT_REF_MAX)
      .optional(),
    subject,
    body,
  })
  .superRefine((input, ctx) => {
    if (input.subjectType !== 'general' && !input.subjectRef) {
      ctx.addIssue({ code: 'custom', path: ['subjectRef'], message: supportMessages.refRequired });
    }
  });
export type NewConversationInput = z.input<typeof newConversationSchema>;

export const supportAttachmentSchema = z.object({
  id: z.number().int(),
  /** The file; its `url` is read by its owner or staff. */
  ...attachedFileSchema.shape,
  /** A small WebP preview for images; null for a PDF. */
  thumbnailUrl: z.string().nullable(),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

export const supportMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Who wrote it: the customer, or the support team (named by first name to the customer). */
  from: supportSideSchema,
  authorName: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(supportAttachmentSchema),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  subjectType: z.enum(SUPPORT_SUBJECT_TYPES),
  subjectRef: z.string().nullable(),
  status: z.enum(SUPPORT_STATUSES),
  /** The newest message's first words. */
  lastMessage: z.string(),
  lastMessageFrom: supportSideSchema,
  lastMessageAt: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
});
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;

export const supportConversationSchema = supportConversationSummarySchema.extend({
  messages: z.array(supportMessageSchema),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** What staff see beside a conversation: who wrote and the object it is about, as label/value facts. */
export const supportContextSchema = z.object({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string(), lockerNumber: z.string().nullable() }),
  subject: z
    .object({
      title: z.string(),
      facts: z.array(z.object({ label: z.string(), value: z.string() })),
      /** Where the console shows the object (a list searched for it). */
      consolePath: z.string(),
    })
    .nullable(),
});
export type SupportContext = z.infer<typeof supportContextSchema>;

export const staffSupportConversationSummarySchema = supportConversationSummarySchema.extend({
  customerName: z.string(),
  lockerNumber: z.string().nullable(),
});
export type StaffSupportConversationSummary = z.infer<typeof staffSupportConversationSummarySchema>;

export const staffSupportConversationSchema = supportConversationSchema.extend({ context: supportContextSchema });
export type StaffSupportConversation = z.infer<typeof staffSupportConversationSchema>;

/** The staff queue's views: what needs an answer (oldest wait first), everything open, or closed. */
export const SUPPORT_QUEUE_VIEWS = ['unanswered', 'open', 'closed', 'all'] as const;
export type SupportQueueView = (typeof SUPPORT_QUEUE_VIEWS)[number];
