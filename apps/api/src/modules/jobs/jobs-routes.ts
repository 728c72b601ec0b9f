import { type Job, jobsAnswerSchema } from '@hopbox/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import { errorResponses, moduleRoutes } from '../../plugins/openapi.ts';
import { jobList } from './job-list.ts';
import { latestJobRounds } from './jobs-repository.ts';

export async function jobsRoutes(fastify: FastifyInstance) {
  const { app, asAdmin } = moduleRoutes(fastify, 'jobs');

  app.get(
    '/api/admin/jobs',
    asAdmin({
      operationId: 'listJobs',
      summary: 'The background jobs, how often each runs and its latest round in any process',
      response: { 200: jobsAnswerSchema, ...errorResponses(401, 403) },
    }),
    async () => {
      const latest = await latestJobRounds(app.deps.db);
      const data = jobList(app.deps.config).map((job): Job => {
        const round = latest.get(job.name);
        return {
          name: job.name,
          title: job.title,
          description: job.description,
          intervalSeconds: job.intervalMs > 0 ? Math.max(1, Math.round(job.intervalMs / 1000)) : 0,
          runAtStart: job.runAtStart,
          lastStartedAt: round?.lastStartedAt.toISOString() ?? null,
          lastFinishedAt: round?.lastFinishedAt.toISOString() ?? null,
          lastDurationMs: round?.lastDurationMs ?? null,
          lastError: round?.lastError ?? null,
          lastErrorAt: round?.lastErrorAt?.toISOString() ?? null,
          // A failure is stamped with its round's finish; a later round moves the finish on.
          lastRoundFailed: round?.lastErrorAt != null && round.lastErrorAt.getTime() === round.lastFinishedAt.getTime(),
          lastSummary: round?.lastSummary ?? null,
          lastRunBy: round?.lastRunBy ?? null,
        };
      });
      return { success: true as const, data };
    },
  );
}
