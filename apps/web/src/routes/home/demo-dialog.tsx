import { SITE_COPY } from '@glowreel/contracts';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { inputClass, labelClass, primaryButtonClass } from '../../components/form-styles.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { SITE_CONFIG } from '../../components/site-config.ts';
import { demoTriggerClass } from './demo-trigger-class.ts';
import {
  EMPTY_DEMO_REQUEST,
  submitDemoRequest,
  validateDemoRequest,
  type DemoFieldErrors,
  type DemoRequest,
} from './demo-request.ts';

// The form's order: the first field with an error takes the focus.
const DEMO_FIELD_ORDER = ['name', 'email', 'phone', 'company', 'message'] as const;

interface DemoDialogProps {
  /** Called after a successful request, once the dialog has closed and reset. */
  onSubmitted: () => void;
  isInitiallyOpen?: boolean;
}

/** SPEC §2 'Schedule Demo': open, edit, submit, then close and reset on success. */
export function DemoDialog({ onSubmitted, isInitiallyOpen = false }: DemoDialogProps) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [request, setRequest] = useState<DemoRequest>(EMPTY_DEMO_REQUEST);
  const [errors, setErrors] = useState<DemoFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const update = (field: keyof DemoRequest) => (value: string) =>
    setRequest((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDemoRequest(request);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const firstInvalid = DEMO_FIELD_ORDER.find((field) => found[field] !== undefined);
      if (firstInvalid) document.getElementById(`demo-${firstInvalid}`)?.focus();
      return;
    }
    setIsSubmitting(true);
    const isSent = await submitDemoRequest(request);
    setIsSubmitting(false);
    if (!isSent) {
      setFailure(SITE_COPY.demoFailed(SITE_CONFIG.contactEmail));
      return;
    }
    setRequest(EMPTY_DEMO_REQUEST);
    setErrors({});
    setIsOpen(false);
    onSubmitted();
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger className={demoTriggerClass}>Schedule Demo</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          // Start in the first field rather than on the close button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById('demo-name')?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900">
                Schedule a demo
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Tell us how to reach you and we will set up a 20-minute walkthrough.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
            <DemoField
              id="demo-name"
              label="Full Name"
              isRequired
              autoComplete="name"
              value={request.name}
              onChange={update('name')}
              error={errors.name}
            />
            <DemoField
              id="demo-email"
              label="Email Address"
              type="email"
              isRequired
              autoComplete="email"
              value={request.email}
              onChange={update('email')}
              error={errors.email}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <DemoField
                id="demo-phone"
                label="Phone"
                type="tel"
                autoComplete="tel"
                value={request.phone}
                onChange={update('phone')}
                error={errors.phone}
              />
              <DemoField
                id="demo-company"
                label="Company"
                autoComplete="organization"
                value={request.company}
                onChange={update('company')}
                error={errors.company}
              />
            </div>
            <div>
              <label htmlFor="demo-message" className={labelClass}>
                Message <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <textarea
                id="demo-message"
                rows={3}
                value={request.message}
                onChange={(event) => update('message')(event.target.value)}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? 'demo-message-error' : undefined}
                className={inputClass}
              />
              <FieldError id="demo-message-error" message={errors.message} />
            </div>
            <FormAlert message={failure} />
            <button type="submit" disabled={isSubmitting} className={primaryButtonClass}>
              {isSubmitting ? 'Submitting...' : 'Request Demo'}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface DemoFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  isRequired?: boolean;
  error?: string | undefined;
}

function DemoField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  type = 'text',
  isRequired = false,
  error,
}: DemoFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {isRequired ? (
          <span aria-hidden="true" className="text-accent-600">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-500"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        type={type}
        required={isRequired}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
