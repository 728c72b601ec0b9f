/** Package ids as small chips; the first few, then "+N more". */
export function PackageIdList({ ids, max = 3 }: { ids: string[]; max?: number }) {
  if (ids.length === 0) return <span className="text-muted">N/A</span>;
  const shown = ids.slice(0, max);
  return (
    <span className="flex flex-wrap gap-1" title={ids.join(', ')}>
      {shown.map((id) => (
        <span key={id} className="rounded bg-subtle px-1.5 py-0.5 font-mono text-xs text-fg">
          {id}
        </span>
      ))}
      {ids.length > max && <span className="px-1 text-xs text-muted">+{ids.length - max} more</span>}
    </span>
  );
}
