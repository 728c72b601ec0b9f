import { jobSummaryText } from '@hopbox/contracts/jobs';
import { ListChecks } from 'lucide-react';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { CellLines, type Column, DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { TimeAgo } from '@/components/time-ago';
import { type BackgroundJob, useJobs } from '../api/get-jobs';
import { formatDuration, formatEvery } from '../job-times';

/** "Every minute" (and at start-up), "Only at start-up", or "Not on a schedule" for an interval of 0. */
function scheduleOf(job: BackgroundJob): { main: string; sub: string } {
  if (job.intervalSeconds > 0) return { main: formatEvery(job.intervalSeconds), sub: job.runAtStart ? 'and at start-up' : '' };
  return job.runAtStart ? { main: 'Only at start-up', sub: '' } : { main: 'Not on a schedule', sub: '' };
}

function StatusBadge({ job }: { job: BackgroundJob }) {
  if (job.lastRoundFailed)
    return (
      <Badge tone="red" dot>
        Failed
      </Badge>
    );
  if (job.lastFinishedAt)
    return (
      <Badge tone="green" dot>
        Succeeded
      </Badge>
    );
  return <Badge tone="gray">Not run yet</Badge>;
}

/** The latest round's counts, or its error, highlighted, when it failed; an earlier failure stays readable, muted. */
function RoundResult({ job }: { job: BackgroundJob }) {
  if (job.lastRoundFailed) {
    return (
      <p className="rounded-md bg-danger-soft px-2.5 py-1.5 font-mono text-xs break-words text-danger">
        <span className="sr-only">Error: </span>
        {job.lastError}
      </p>
    );
  }
  return (
    <>
      <span className="block">{job.lastSummary ? jobSummaryText(job.lastSummary) : '—'}</span>
      {job.lastError && job.lastErrorAt && (
        <span className="mt-1 block text-xs text-muted">
          Last failed <TimeAgo iso={job.lastErrorAt} />: <span className="font-mono break-words">{job.lastError}</span>
        </span>
      )}
    </>
  );
}

/** /staff/jobs (admins): every background job, how often it runs and its latest round in any API process. */
export default function JobsPage() {
  const jobs = useJobs();

  const columns: Column<BackgroundJob>[] = [
    {
      id: 'job',
      header: 'Job',
      cellClassName: 'align-top min-w-60 max-w-sm',
      cell: (job) => <CellLines main={job.title} sub={job.description} mainClassName="font-medium" subClassName="mt-0.5" />,
      card: { slot: 'title', render: (job) => job.title },
    },
    // The table says it under the job's name.
    {
      id: 'description',
      header: 'What it does',
      showFrom: 'never',
      cell: (job) => job.description,
      card: { slot: 'line', render: (job) => <span className="text-muted">{job.description}</span> },
    },
    {
      id: 'status',
      header: 'Status',
      cellClassName: 'align-top',
      cell: (job) => <StatusBadge job={job} />,
      card: 'aside',
      skeleton: 'h-5 w-20 rounded-full',
    },
    {
      id: 'schedule',
      header: 'How often',
      cellClassName: 'align-top whitespace-nowrap',
      cell: (job) => {
        const { main, sub } = scheduleOf(job);
        return <CellLines main={main} sub={sub} />;
      },
      card: { slot: 'field', render: (job) => [scheduleOf(job).main, scheduleOf(job).sub].filter(Boolean).join(', ') },
    },
    {
      id: 'last-run',
      header: 'Last run',
      cellClassName: 'align-top whitespace-nowrap',
      cell: (job) =>
        job.lastFinishedAt ? (
          <CellLines
            main={<TimeAgo iso={job.lastFinishedAt} />}
            sub={job.lastRunBy ? `by ${job.lastRunBy}` : ''}
            subClassName="font-mono"
          />
        ) : (
          <span className="text-muted">Never</span>
        ),
      // A card says how long it took here, not in a field of its own.
      card: {
        slot: 'field',
        render: (job) =>
          job.lastFinishedAt ? (
            <>
              <TimeAgo iso={job.lastFinishedAt} />
              {job.lastDurationMs !== null && `, took ${formatDuration(job.lastDurationMs)}`}
              <span className="block font-mono text-xs text-muted">by {job.lastRunBy}</span>
            </>
          ) : (
            <span className="text-muted">Never</span>
          ),
      },
    },
    {
      id: 'duration',
      header: 'Took',
      cellClassName: 'align-top whitespace-nowrap tabular-nums',
      cell: (job) => (job.lastDurationMs === null ? <span className="text-muted">—</span> : formatDuration(job.lastDurationMs)),
    },
    {
      id: 'result',
      header: 'Last result',
      cellClassName: 'align-top min-w-56 max-w-xs',
      cell: (job) => (job.lastFinishedAt ? <RoundResult job={job} /> : <span className="text-muted">—</span>),
      card: {
        slot: 'wide-field',
        render: (job) => (job.lastFinishedAt ? <RoundResult job={job} /> : <span className="text-muted">—</span>),
      },
    },
  ];

  return (
    <>
      <PageHeader
        tabTitle="Jobs"
        title="Background jobs"
        description="What every API process runs on its own, how often, and the latest round of any process."
        actions={<RefreshButton query={jobs} />}
      />
      <Card>
        <DataTable
          label="Background jobs"
          rowId={(job) => job.name}
          columns={columns}
          query={jobs}
          emptyState={{ icon: ListChecks, title: 'No background jobs', description: 'This server runs no jobs.' }}
          skeletonRows={5}
          cards
        />
      </Card>
    </>
  );
}
