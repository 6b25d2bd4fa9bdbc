import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, buttonCss } from '@plinth/shared-ui/button';
import { CopyIcon, ExternalLinkIcon } from '@plinth/shared-ui/icons';
import { PageHeader } from '@plinth/shared-ui/layout';
import { Card } from '@plinth/shared-ui/page';
import { Field, Select, TextArea, TextInput } from '@plinth/shared-ui/form';
import { tokens } from '@plinth/shared-ui/theme';
import { notify } from '@plinth/shared-ui/toast';
import { usePageTitle } from '../app/page-title';
import { SUPPORT_CATEGORIES, SUPPORT_EMAIL, supportMailto, supportRequestText, type SupportRequest } from '../support/support-request';

/**
 * /support/new with category, ref, subject and message prefilled from the query. Nothing is
 * stored server-side: the request opens in the user's email app or is copied to the clipboard.
 */
export default function SupportNewPage() {
  usePageTitle('Support request');
  const [params] = useSearchParams();
  const knownCategory = SUPPORT_CATEGORIES.some((c) => c.value === params.get('category'));
  const [request, setRequest] = useState<SupportRequest>({
    category: knownCategory ? params.get('category')! : 'Problem',
    ref: params.get('ref') ?? '',
    subject: params.get('subject') ?? '',
    message: params.get('message') ?? '',
  });
  const set = (key: keyof SupportRequest) => (e: { target: { value: string } }) => setRequest((r) => ({ ...r, [key]: e.target.value }));
  const incomplete = !request.subject.trim() || !request.message.trim();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(supportRequestText(request));
      notify({ kind: 'success', message: 'Support request copied to the clipboard.' });
    } catch (err) {
      notify({ kind: 'error', message: `Could not copy the request: ${(err as Error).message}` });
    }
  };

  return (
    <div css={{ maxWidth: 760 }}>
      <PageHeader
        title="Submit a support request"
        description={`Your request is sent by email to ${SUPPORT_EMAIL}. Open it in your email app, or copy it and send it any way you like.`}
      />
      <div css={{ padding: tokens.space.xl }}>
      <Card
        footer={
          <div css={{ display: 'flex', gap: tokens.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button icon={<CopyIcon size={14} />} onClick={() => void copy()} disabled={incomplete}>
              Copy request
            </Button>
            {incomplete ? (
              <Button variant="primary" icon={<ExternalLinkIcon size={14} />} disabled>
                Open in email app
              </Button>
            ) : (
              <a href={supportMailto(request)} css={buttonCss('primary')}>
                <ExternalLinkIcon size={14} />
                Open in email app
              </a>
            )}
          </div>
        }
      >
      <div css={{ display: 'grid', gap: tokens.space.md }}>
      <Field label="Category">
        <Select options={SUPPORT_CATEGORIES} value={request.category} onChange={set('category')} />
      </Field>
      <Field label="Project ref" hint="Leave empty if the request is not about one project.">
        <TextInput value={request.ref} onChange={set('ref')} />
      </Field>
      <Field label="Subject" required error={request.subject.trim() ? undefined : 'Add a subject'}>
        <TextInput value={request.subject} onChange={set('subject')} />
      </Field>
      <Field label="Message" required error={request.message.trim() ? undefined : 'Describe the problem'}>
        <TextArea rows={8} value={request.message} onChange={set('message')} />
      </Field>
      </div>
      </Card>
      </div>
    </div>
  );
}
