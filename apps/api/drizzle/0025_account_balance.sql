CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"reference" varchar(500),
	"payment_id" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_known" CHECK ("wallet_entries"."kind" in ('CLAIM_CREDIT', 'STAFF_ADJUSTMENT', 'PAYMENT', 'PAYMENT_RETURNED')),
	CONSTRAINT "wallet_entries_amount_not_zero" CHECK ("wallet_entries"."amount_minor" <> 0),
	CONSTRAINT "wallet_entries_sign_of_kind" CHECK (("wallet_entries"."kind" in ('CLAIM_CREDIT', 'PAYMENT_RETURNED') and "wallet_entries"."amount_minor" > 0) or ("wallet_entries"."kind" = 'PAYMENT' and "wallet_entries"."amount_minor" < 0) or "wallet_entries"."kind" = 'STAFF_ADJUSTMENT')
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'AED' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK ("wallets"."balance_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "balance_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_user_created_idx" ON "wallet_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_payment_kind_unique" ON "wallet_entries" USING btree ("payment_id","kind") WHERE "wallet_entries"."payment_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_balance_not_negative" CHECK ("payments"."balance_minor" >= 0);