import { X } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './form-field';
import { SearchLabel } from './search-label';

export interface SearchInputProps extends Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'type'> {
  value: string;
  onValueChange: (value: string) => void;
  /** The accessible name; also the placeholder unless one is given. */
  label: string;
  containerClassName?: string;
}

/** A search box with a magnifier and a clear button; the label is for assistive technology. */
export function SearchInput({ value, onValueChange, label, placeholder, containerClassName, className, ...props }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative', containerClassName)}>
      <SearchLabel htmlFor={id} label={label} />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        placeholder={placeholder ?? label}
        autoComplete="off"
        className={cn(inputClasses, 'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden', className)}
        {...props}
      />
      {value && (
        <button
          type="button"
          onClick={() => onValueChange('')}
          aria-label="Clear search"
          className="touch-target absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
