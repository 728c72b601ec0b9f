CREATE TABLE "job_runs" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone NOT NULL,
	"last_duration_ms" integer NOT NULL,
	"last_summary" jsonb,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_run_by" varchar(100) NOT NULL
);
