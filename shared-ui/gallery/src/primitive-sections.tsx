import { useState } from 'react';
import { tokens } from '@plinth/shared-ui/theme';
import { Button } from '@plinth/shared-ui/button';
import { Checkbox, Field, Select, Switch, TextInput } from '@plinth/shared-ui/form';
import { Badge, EmptyState, ErrorPanel, InlineNotice, PageHeader, Skeleton } from '@plinth/shared-ui/layout';
import { Card, InlineError, KeyValueList, LoadingSkeleton, Section, ShortcutHint, StatusBadge, Tabs } from '@plinth/shared-ui/page';
import { CodeBlock } from '@plinth/shared-ui/code-block';
import { DataTable, type DataTableColumn } from '@plinth/shared-ui/data-table';
import { BrandLockup, BrandMark } from '@plinth/shared-ui/brand';
import { Picker } from '@plinth/shared-ui/picker';
import { BranchIcon, EmptyIcon, FolderIcon, OrganizationIcon, PlusIcon, TrashIcon, UploadIcon } from '@plinth/shared-ui/icons';
import { Specimen } from './Gallery';
import { sampleObjects, type SampleObject } from './sample-data';

const row = { display: 'flex', gap: tokens.space.md, flexWrap: 'wrap', alignItems: 'center' } as const;
const twoColumns = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.space.lg, alignItems: 'start' } as const;

const columns: DataTableColumn<SampleObject>[] = [
  { key: 'name', header: 'Name', cell: (o) => o.name, sortValue: (o) => o.name, width: 'minmax(0, 2fr)' },
  { key: 'type', header: 'Type', cell: (o) => o.type, sortValue: (o) => o.type },
  { key: 'size', header: 'Size', cell: (o) => `${o.size.toLocaleString('en-US')} B`, sortValue: (o) => o.size, align: 'end' },
];

export function PrimitiveSections() {
  const [tab, setTab] = useState('buckets');
  const [selected, setSelected] = useState<Set<string>>(new Set(['object-2', 'object-3']));
  const [on, setOn] = useState(true);
  return (
    <>
      <Specimen title="Brand">
        <div css={row}>
          <BrandMark size={48} title="Plinth" />
          <BrandMark size={24} />
          <BrandLockup />
          <BrandLockup size={32} fontSize={22} />
        </div>
      </Specimen>
      <Specimen title="Buttons">
        <div css={row}>
          <Button variant="primary" icon={<PlusIcon />}>New project</Button>
          <Button>Cancel</Button>
          <Button variant="danger" icon={<TrashIcon />}>Delete bucket</Button>
          <Button variant="ghost">Ghost</Button>
          <Button size="small" icon={<UploadIcon />}>Upload</Button>
          <Button disabled>Disabled</Button>
        </div>
      </Specimen>
      <Specimen title="Form controls">
        <div css={twoColumns}>
          <Field label="Bucket name" hint="Lowercase letters, digits and dashes.">
            <TextInput defaultValue="avatars" />
          </Field>
          <Field label="Region" error="Choose a region.">
            <Select options={[{ value: '', label: 'Choose…' }, { value: 'eu', label: 'Europe' }]} defaultValue="" />
          </Field>
          <Checkbox label="Public bucket" defaultChecked />
          <div css={row}>
            <Switch checked={on} onCheckedChange={setOn} aria-label="Restrict file size" />
            <span css={{ fontSize: tokens.fontSize.sm }}>Restrict file size</span>
          </div>
        </div>
      </Specimen>
      <Specimen title="Page header, tabs, section and card">
        <div css={{ border: `1px solid ${tokens.color.border}`, borderRadius: tokens.radius.lg, background: tokens.color.background }}>
          <PageHeader
            title="Storage"
            description="Files and the rules that guard them."
            actions={<Button variant="primary" icon={<PlusIcon />}>New bucket</Button>}
            tabs={<Tabs aria-label="Storage sections" value={tab} onValueChange={setTab} items={[{ key: 'buckets', label: 'Buckets', badge: 3 }, { key: 'policies', label: 'Policies' }, { key: 'settings', label: 'Settings' }]} />}
          />
          <div css={{ padding: tokens.space.xl }}>
            <Section title="Connection" description="How your app reaches the database." actions={<Button size="small">Reset password</Button>}>
              <div css={twoColumns}>
                <Card title="Project facts" description="Read only.">
                  <KeyValueList
                    items={[
                      { key: 'ref', label: 'Reference', value: <code>abcdefghijklmnop</code> },
                      { key: 'region', label: 'Region', value: 'eu-west-1' },
                      { key: 'status', label: 'Status', value: <StatusBadge tone="success">Healthy</StatusBadge> },
                    ]}
                  />
                </Card>
                <Card title="Connection string" footer={<Button variant="primary">Save</Button>}>
                  <CodeBlock label="URI" code="postgresql://postgres:[YOUR-PASSWORD]@db.abcdefghijklmnop.plinth.local:5432/postgres" />
                </Card>
              </div>
            </Section>
          </div>
        </div>
      </Specimen>
      <Specimen title="Picker" note="The header's switchers: type to filter, arrows, Enter; Escape closes.">
        <div css={{ display: 'flex', gap: tokens.space.xxxl, minHeight: 260, alignItems: 'flex-start' }}>
          <Picker label="Organization" currentLabel="Acme" value="acme" onPick={() => undefined} options={[{ key: 'acme', label: 'Acme', icon: <OrganizationIcon size={14} /> }]}>
            Acme
          </Picker>
          <Picker
            label="Project"
            currentLabel="Orders"
            value="orders"
            defaultOpen
            onPick={() => undefined}
            actions={[{ key: 'new', label: 'New project', icon: <PlusIcon size={14} />, onSelect: () => undefined }]}
            options={[
              { key: 'orders', label: 'Orders', detail: <StatusBadge tone="success">Healthy</StatusBadge> },
              { key: 'preview', label: 'orders-preview', nested: true, icon: <BranchIcon size={14} title="Branch" />, detail: <StatusBadge tone="info" busy>Setting up</StatusBadge> },
              { key: 'billing', label: 'Billing', detail: <StatusBadge tone="warning">Paused</StatusBadge> },
            ]}
          >
            Orders
          </Picker>
        </div>
      </Specimen>
      <Specimen title="Statuses, badges and shortcuts">
        <div css={row}>
          <StatusBadge tone="success">Healthy</StatusBadge>
          <StatusBadge tone="info" busy>Setting up</StatusBadge>
          <StatusBadge tone="warning">Paused</StatusBadge>
          <StatusBadge tone="danger">Restoration failed</StatusBadge>
          <StatusBadge tone="neutral">Unknown</StatusBadge>
          <Badge>Beta</Badge>
          <Badge kind="info">Public</Badge>
          <Badge kind="warning">Exceeding usage</Badge>
          <ShortcutHint keys={['Mod', 'K']} platform="Linux" />
          <ShortcutHint keys={['Mod', 'Enter']} platform="MacIntel" />
        </div>
      </Specimen>
      <Specimen title="Notices">
        <div css={{ display: 'grid', gap: tokens.space.sm }}>
          <InlineNotice kind="info" title="Branching is in beta.">Preview branches get their own database.</InlineNotice>
          <InlineNotice kind="success">Bucket created.</InlineNotice>
          <InlineNotice kind="warning" title="This action cannot be undone.">All files in the bucket are deleted.</InlineNotice>
          <InlineNotice kind="danger" title="Your table is publicly readable and writable">Anyone with the anon key can modify or delete data.</InlineNotice>
        </div>
      </Specimen>
      <Specimen title="Empty, loading and error states">
        <div css={twoColumns}>
          <EmptyState framed icon={<FolderIcon size={20} />} title="No buckets yet" description="Buckets hold your project’s files; create one to upload the first." action={<Button variant="primary" icon={<PlusIcon />}>New bucket</Button>} />
          <EmptyState framed icon={<EmptyIcon size={20} />} title="No queries found" description="Nothing matches your filter." />
          <Card title="Loading a list">
            <LoadingSkeleton label="Loading buckets" rows={3} />
          </Card>
          <Card title="Loading text">
            <LoadingSkeleton label="Loading the description" shape="card" rows={3} />
            <Skeleton width={120} height={28} />
          </Card>
          <InlineError message="Failed to load schemas" detail="The database did not answer in time." onRetry={() => undefined} />
          <ErrorPanel title="Storage could not be loaded" message="The storage area did not answer. Try again in a moment." onRetry={() => undefined} />
        </div>
      </Specimen>
      <Specimen title="Data table" note="2,000 rows, only those in view mounted; sortable headers, selection, comfortable and dense.">
        <DataTable aria-label="Objects (comfortable)" columns={columns} rows={sampleObjects} getRowId={(o) => o.id} height={260} selectable selected={selected} onSelectedChange={setSelected} defaultSort={{ key: 'name', direction: 'ascending' }} />
        <DataTable aria-label="Objects (dense)" columns={columns} rows={sampleObjects} getRowId={(o) => o.id} height={200} density="dense" />
      </Specimen>
    </>
  );
}
