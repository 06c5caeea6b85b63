/**
 * The article body editor of the news dialog (Tiptap 3 on ProseMirror, which handles Chinese IME
 * composition): headings, bold, italic, lists, quotes, links and uploaded images (h4, rules and
 * code of older articles are kept on edit, though the toolbar offers H2 and H3). Loaded lazily by
 * the dialog, so the editor's code lands in the admin news chunk only. The content is set once from
 * `initialContent`; each change is reported through `onChange`, never fed back in.
 */
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Link } from '@tiptap/extension-link';
import { Image } from '@tiptap/extension-image';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import FormatBoldOutlined from '@mui/icons-material/FormatBoldOutlined';
import FormatItalicOutlined from '@mui/icons-material/FormatItalicOutlined';
import FormatListBulletedOutlined from '@mui/icons-material/FormatListBulletedOutlined';
import FormatListNumberedOutlined from '@mui/icons-material/FormatListNumberedOutlined';
import FormatQuoteOutlined from '@mui/icons-material/FormatQuoteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { IMAGE_MIME_TYPES } from '@couchdb/model/media-facts';
import { NEWS_ADMIN_MESSAGES } from '@couchdb/model/news';
import { isAllowedArticleHref } from '@couchdb/rules/article-html';

export interface NewsEditorProps {
  initialContent: string;
  onChange(html: string): void;
  /** Uploads a picked image and gives its address, or null when it failed (the caller says why). */
  uploadImage(file: File): Promise<string | null>;
}

export default function NewsEditor({ initialContent, onChange, uploadImage }: NewsEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: false,
        isAllowedUri: (url) => isAllowedArticleHref(url),
      }),
      Image,
    ],
    content: initialContent,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Toolbar editor={editor} uploadImage={uploadImage} />
      <Divider />
      <Box
        data-testid="news-editor"
        sx={{
          px: 1.5,
          fontSize: 15,
          lineHeight: 1.7,
          '& .ProseMirror': { minHeight: 220, outline: 'none', py: 1 },
          '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
          '& .ProseMirror blockquote': {
            borderLeft: 3,
            borderColor: 'grey.300',
            m: 0,
            pl: 1.5,
            color: 'text.secondary',
          },
          '& .ProseMirror a': { color: 'primary.main' },
        }}
      >
        <EditorContent editor={editor} aria-label="资讯内容" />
      </Box>
    </Box>
  );
}

function Toolbar({
  editor,
  uploadImage,
}: {
  editor: Editor;
  uploadImage: NewsEditorProps['uploadImage'];
}) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  /** The text a link is being made of, while the link dialog is open. */
  const [linkRange, setLinkRange] = useState<{ from: number; to: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  const pickImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      if (src) chain().setImage({ src, alt: file.name }).run();
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label="格式"
      sx={{ flexWrap: 'wrap', alignItems: 'center', px: 0.5, py: 0.25, gap: 0.25 }}
    >
      <Tool
        label="二级标题"
        on={active.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 14, width: 24 }}>
          H2
        </Box>
      </Tool>
      <Tool
        label="三级标题"
        on={active.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 14, width: 24 }}>
          H3
        </Box>
      </Tool>
      <Tool label="粗体" on={active.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldOutlined fontSize="small" />
      </Tool>
      <Tool label="斜体" on={active.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicOutlined fontSize="small" />
      </Tool>
      <Tool label="无序列表" on={active.bullet} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedOutlined fontSize="small" />
      </Tool>
      <Tool label="有序列表" on={active.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedOutlined fontSize="small" />
      </Tool>
      <Tool label="引用" on={active.quote} onClick={() => chain().toggleBlockquote().run()}>
        <FormatQuoteOutlined fontSize="small" />
      </Tool>
      <Tool
        label="链接"
        on={active.link}
        onClick={() =>
          setLinkRange({ from: editor.state.selection.from, to: editor.state.selection.to })
        }
      >
        <LinkOutlined fontSize="small" />
      </Tool>
      <Tool
        label="插入图片"
        on={false}
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      >
        <ImageOutlined fontSize="small" />
      </Tool>
      <input
        ref={fileInput}
        hidden
        type="file"
        accept={IMAGE_MIME_TYPES.join(',')}
        aria-label="选择插入的图片"
        data-testid="news-editor-image-input"
        onChange={(e) => void pickImage(e)}
      />
      {linkRange && (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setLinkRange(null)}
          onSave={(href) => {
            setLinkRange(null);
            // The selection as it was when the dialog opened (the dialog took the focus since).
            const link = editor.chain().setTextSelection(linkRange).extendMarkRange('link');
            (href ? link.setLink({ href }) : link.unsetLink())
              .setTextSelection(linkRange.to)
              .focus()
              .run();
          }}
        />
      )}
    </Stack>
  );
}

function Tool({
  label,
  on,
  disabled,
  onClick,
  children,
}: {
  label: string;
  on: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={on}
          disabled={disabled}
          // Keep the editor's selection: the button must not take the focus on press.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          sx={{
            borderRadius: 1,
            color: on ? 'primary.main' : 'text.secondary',
            bgcolor: on ? 'action.selected' : 'transparent',
          }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Asks for a link's address (an empty one removes the link). */
function LinkDialog({
  initial,
  onClose,
  onSave,
}: {
  initial: string;
  onClose(): void;
  onSave(href: string): void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const url = href.trim();
    if (url && !isAllowedArticleHref(url)) {
      setError(NEWS_ADMIN_MESSAGES.linkInvalid);
      return;
    }
    onSave(url);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>插入链接</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={NEWS_ADMIN_MESSAGES.linkPrompt}
          placeholder="https://"
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
          error={error !== null}
          helperText={error ?? ' '}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" onClick={save}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
